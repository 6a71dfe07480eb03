/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import pureReactFactoriesLoader from '../../scripts/pure-react-factories-loader.mjs';

// The loader webpack runs over react-router's production build, so that the components and
// contexts no page uses (its <Form>) can be left out of the main chunk.

const productionBuild = path.join(__dirname, '../../node_modules/react-router/dist/production');

interface FakeReact {
  forwardRef(render: () => null): { render: () => null; displayName?: string };
  createContext(value: unknown): { value: unknown; displayName?: string };
}

const fakeReact: FakeReact = {
  forwardRef: (render) => ({ render }),
  createContext: (value) => ({ value }),
};

describe('the pure React factories loader', () => {
  const source = [
    'var Form = React10.forwardRef(',
    '  function FormWithRef() {',
    '    return null;',
    '  }',
    ');',
    'Form.displayName = "Form";',
    'var RSCRouterContext = React.createContext(false);',
    '',
  ].join('\n');

  it('marks the factory calls pure and gives the name in the same expression', () => {
    const output = pureReactFactoriesLoader(source);
    expect(output).toContain('var Form = /* @__PURE__ */ Object.assign(/* @__PURE__ */ React10.forwardRef(');
    expect(output).toContain('{ displayName: "Form" });');
    expect(output).not.toMatch(/^Form\.displayName/m);
    expect(output).toContain('var RSCRouterContext = /* @__PURE__ */ React.createContext(false);');
  });

  it('makes the same objects, names included', () => {
    const evaluate = (code: string) =>
      new Function('React10', 'React', `${code}\nreturn { Form, RSCRouterContext };`)(fakeReact, fakeReact) as {
        Form: ReturnType<FakeReact['forwardRef']>;
        RSCRouterContext: ReturnType<FakeReact['createContext']>;
      };
    const before = evaluate(source);
    const after = evaluate(pureReactFactoriesLoader(source));
    expect(after.Form.displayName).toBe('Form');
    expect(after.Form.render.name).toBe(before.Form.render.name);
    expect(after.RSCRouterContext).toEqual(before.RSCRouterContext);
  });

  it("leaves no statement that would keep one of react-router's factories in use", () => {
    const files = fs.readdirSync(productionBuild).filter((file) => file.endsWith('.mjs'));
    const output = files.map((file) => pureReactFactoriesLoader(fs.readFileSync(path.join(productionBuild, file), 'utf8'))).join('\n');
    const marked = [...output.matchAll(/^var ([\w$]+) = \/\* @__PURE__ \*\//gm)].map((match) => match[1]);
    expect(marked).toEqual(expect.arrayContaining(['Form', 'Link', 'NavLink', 'NavigationContext', 'LocationContext']));
    for (const name of marked) expect(output).not.toMatch(new RegExp(`^${name.replace(/\$/g, '\\$')}\\.displayName =`, 'm'));
  });
});
