// The client tests' environment (test/jsdomEnvironment.cjs) skips style rules that cannot match
// an element before jsdom's matcher runs them. Its computed styles must be jsdom's own: for every
// selector below, an element gets the rule's declaration exactly when `element.matches` (jsdom's
// other matcher, left as it is) says the selector matches it.
import { subjectKeys, withoutHas } from './jsdomEnvironment.cjs';

const SELECTORS = [
  '.MuiInputBase-root:has(> .native-select)',
  '.MuiInputBase-root:has(> .native-select ~ .MuiInputAdornment-root)',
  ':has(> .native-select)',
  'div :has(.native-select)',
  'section > :has(> span)',
  ':has(em).card',
  'div:not(:has(em))',
  ':is(div, span):has(em)',
  '.card',
  '.CARD',
  '.card.featured',
  '.outer .card > .title',
  '.outer>.card+.card',
  '.card ~ .card',
  '#main',
  '#main .title',
  'span',
  'SPAN',
  'span.title, #main',
  'section, em',
  '*',
  '*.card',
  ':root',
  'html body :focus-visible:not(.MuiInputBase-input)',
  '.card:not(.featured)',
  '.card:nth-child(2n+1)',
  'div[data-kind="book"]',
  "[class~='title']",
  '.café',
  '.caf',
  '.a\\:b',
  'svg|rect',
  'svg rect',
  '.card::before',
  '.title:first-child',
];

const PAGE = `
  <div id="main" class="outer">
    <section class="card featured" data-kind="book"><span class="title">One</span><em>new</em></section>
    <section class="card"><span class="title a:b">Two</span></section>
    <section class="Card café"><div class="MuiInputBase-root"><select class="native-select"></select><div class="MuiInputAdornment-root"></div></div></section>
    <div class="MuiInputBase-root"><input class="MuiInputBase-input" /></div>
    <svg><rect class="card"></rect></svg>
  </div>`;

describe('the client tests’ computed styles', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = PAGE;
  });

  it.each(SELECTORS)('are jsdom’s own for %s', (selector) => {
    const style = document.createElement('style');
    style.textContent = `${selector} { outline-style: dotted }`;
    document.head.append(style);
    const elements = Array.from(document.querySelectorAll('*'));
    const styled = elements.map((element) => window.getComputedStyle(element).outlineStyle === 'dotted');
    const matching = elements.map((element) => {
      try {
        return element.matches(selector);
      } catch {
        return false; // a selector jsdom cannot read styles nothing
      }
    });
    expect(styled).toEqual(matching);
  });

  it('show at least one selector of each kind styling some element and not others', () => {
    // The cases above would be idle if every selector matched nothing.
    const style = document.createElement('style');
    style.textContent = '.MuiInputBase-root:has(> .native-select) { outline-style: dotted }';
    document.head.append(style);
    const styled = Array.from(document.querySelectorAll('.MuiInputBase-root')).map((element) => window.getComputedStyle(element).outlineStyle);
    expect(styled).toEqual(['dotted', '']);
  });
});

describe('the client tests’ cascade', () => {
  const outline = (selector: string) => window.getComputedStyle(document.querySelector(selector)!).outlineStyle;

  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = PAGE;
  });

  it('takes the last matching rule of every sheet in document order, screen media rules included', () => {
    const sheet = (text: string) => {
      const style = document.createElement('style');
      style.textContent = text;
      document.head.append(style);
    };
    sheet('.title { outline-style: dotted } span { outline-style: dashed }');
    sheet('@media screen { #main .title { outline-style: solid } } @media print { .title { outline-style: double } }');
    sheet('* { outline-style: groove } .card { outline-style: ridge } .featured { outline-style: inset }');
    expect(outline('.card.featured .title')).toBe('groove');
    expect(outline('.card.featured')).toBe('inset');
    expect(outline('.Card')).toBe('groove'); // class names are case-sensitive
    expect(outline('#main')).toBe('groove');

    sheet('span.title { outline-style: outset }');
    expect(outline('.card.featured .title')).toBe('outset');
  });

  it('sees rules added and removed through the CSSOM, and an element whose classes changed', () => {
    const style = document.createElement('style');
    style.textContent = '.title { outline-style: dotted }';
    document.head.append(style);
    const title = document.querySelector('.card.featured .title')!;
    expect(window.getComputedStyle(title).outlineStyle).toBe('dotted');

    const sheet = style.sheet!;
    sheet.insertRule('.plain { outline-style: solid }', 1);
    expect(outline('em')).toBe('');
    title.className = 'plain';
    expect(window.getComputedStyle(title).outlineStyle).toBe('solid');
    sheet.deleteRule(1);
    document.body.append(document.createElement('i')); // jsdom keeps computed styles until the document changes
    expect(window.getComputedStyle(title).outlineStyle).toBe('');
  });
});

describe('the selector reading behind it', () => {
  it('drops top-level :has() parts, standing in * for a compound left empty, and leaves nested ones', () => {
    expect(withoutHas('.a:has(> .b)')).toBe('.a');
    expect(withoutHas('.a:has(> .b ~ .c):hover')).toBe('.a:hover');
    expect(withoutHas(':has(> .b)')).toBe('*');
    expect(withoutHas('div :has(.b)')).toBe('div *');
    expect(withoutHas(':has(em).card')).toBe('.card');
    expect(withoutHas('div:not(:has(em))')).toBeUndefined();
    expect(withoutHas('.a')).toBeUndefined();
  });

  it('names the class, id or tag the subject of every selector of a list needs, or nothing', () => {
    const keys = (selector: string) => {
      const found = subjectKeys(selector);
      return found && { classes: [...found.classes], ids: [...found.ids], tags: [...found.tags] };
    };
    expect(keys('.outer .card > .title')).toEqual({ classes: ['title'], ids: [], tags: [] });
    expect(keys('span.title, #main')).toEqual({ classes: ['title'], ids: ['main'], tags: [] });
    expect(keys('SPAN:first-child')).toEqual({ classes: [], ids: [], tags: ['span'] });
    expect(keys('.card, :root')).toBeUndefined();
    expect(keys('html body :focus-visible:not(.x)')).toBeUndefined();
    expect(keys('.café')).toBeUndefined();
    expect(keys('.a\\:b')).toBeUndefined();
    expect(keys('svg|rect')).toBeUndefined();
  });
});
