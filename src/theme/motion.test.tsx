import Skeleton from '@mui/material/Skeleton';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { documentCssRules } from '../testing/cssRules';
import { theme } from '.';

/** The CSS rules Emotion inserted that name the element's own class, as the browser reads them. */
function rulesFor(element: Element): string[] {
  const ownClass = [...element.classList].find((name) => name.startsWith('css-'));
  const rules = documentCssRules();
  return ownClass ? rules.filter((rule) => rule.includes(`.${ownClass}`)) : [];
}

/** A style rule's selector: `.css-abc::after` of `.css-abc::after {animation: …}`. */
const selectorOf = (rule: string) => rule.slice(0, rule.indexOf('{')).trim();

describe('motion', () => {
  it.each(['pulse', 'wave'] as const)('a %s skeleton stands still when the system asks for reduced motion', (animation) => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <Skeleton animation={animation} width={120} />
      </ThemeProvider>,
    );
    const rules = rulesFor(container.firstElementChild!);
    const moving = rules.filter((rule) => /[{;]\s*animation: animation-\w+ \d/.test(rule));
    expect(moving).toHaveLength(1); // it pulses or waves by default
    // Whatever moves (the element, or its ::after for the wave) stands still with the setting.
    const movingSelector = selectorOf(moving[0]);
    const stillSelectors = rules
      .filter((rule) => rule.startsWith('@media (prefers-reduced-motion: reduce)'))
      .flatMap((rule) => [...rule.matchAll(/([^{}]+)\{[^{}]*animation: none;[^{}]*\}/g)].map((match) => match[1].trim()));
    expect(stillSelectors).toContain(movingSelector);
  });
});
