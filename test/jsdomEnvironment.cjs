/**
 * The client tests' environment: jest-fixed-jsdom (jsdom with Node's fetch, streams and
 * encoders), whose style-rule matching skips `:has()` rules that cannot match an element.
 *
 * jsdom works out an element's computed style (which Testing Library reads for every element a
 * role query looks at, and MUI's TextareaAutosize on every render) by matching every rule of every
 * style sheet against the element and each of its ancestors, again after each change to the
 * document. A rule with `:has()` (MUI's NativeSelect brings six) costs nwsapi a search of the
 * element's subtree each time, which made up most of that work. Here such a rule is first tried
 * without its top-level `:has(…)` parts, a selector that matches every element the whole one
 * matches: when that fails, so would the rule, and the subtree is not searched. The answer is
 * always the one jsdom would give.
 */
const FixedJSDOMEnvironment = require('jest-fixed-jsdom');
const { implForWrapper } = require('jsdom/lib/jsdom/living/generated/utils');
const styleRules = require('jsdom/lib/jsdom/living/helpers/style-rules');
const { matchesDontThrow } = require('jsdom/lib/jsdom/living/helpers/selectors');
const defaultStyleSheet = require('jsdom/lib/jsdom/browser/default-stylesheet');

const fromJsdom = { paths: [require.resolve('jsdom')] };
const cssom = require(require.resolve('rrweb-cssom', fromJsdom));
const { CSSStyleDeclaration } = require(require.resolve('cssstyle', fromJsdom));

const COMBINATOR_OR_START = /[\s>+~,(]$/;

/**
 * `selector` without its top-level `:has(…)` parts (a compound left with nothing becomes `*`), or
 * undefined when there is no such part or the rest cannot be read safely.
 */
function withoutHas(selector) {
  let out = '';
  let depth = 0;
  let quote = '';
  let stripped = false;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i];
    if (quote) {
      out += char;
      if (char === '\\') out += selector[++i] ?? '';
      else if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '\\') {
      out += char + (selector[++i] ?? '');
      continue;
    } else if (depth === 0 && selector.startsWith(':has(', i)) {
      // Skip to the parenthesis that closes it.
      let inner = 1;
      let innerQuote = '';
      let j = i + 5;
      for (; j < selector.length && inner > 0; j += 1) {
        const c = selector[j];
        if (innerQuote) {
          if (c === '\\') j += 1;
          else if (c === innerQuote) innerQuote = '';
        } else if (c === '"' || c === "'") innerQuote = c;
        else if (c === '\\') j += 1;
        else if (c === '(' || c === '[') inner += 1;
        else if (c === ')' || c === ']') inner -= 1;
      }
      if (inner !== 0) return undefined;
      const next = selector[j] ?? '';
      const compoundBefore = out.length > 0 && !COMBINATOR_OR_START.test(out);
      const compoundAfter = next !== '' && !/[\s>+~,)]/.test(next);
      if (!compoundBefore && !compoundAfter) out += '*';
      stripped = true;
      i = j - 1;
      continue;
    } else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    out += char;
  }
  if (!stripped || quote || depth !== 0 || out.includes(':has(')) return undefined;
  const parts = out.split(',').map((part) => part.trim());
  if (parts.some((part) => part === '' || /[>+~]$/.test(part) || /^[>+~]/.test(part))) return undefined;
  return out;
}

/**
 * What an element must have for `selector` to match it, read from the last compound of each of
 * its selectors: one of `classes`, `ids` or `tags` (lower case). Undefined when a selector of the
 * list has none of them, or the text holds escapes or quotes this reader leaves alone.
 */
function subjectKeys(selector) {
  if (/[\\"'|]/.test(selector)) return undefined;
  const keys = { classes: new Set(), ids: new Set(), tags: new Set() };
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  parts.push(selector.slice(start));
  for (const part of parts) {
    // The last compound: after the last combinator outside brackets.
    let compoundStart = 0;
    depth = 0;
    const text = part.trim();
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      if (char === '(' || char === '[') depth += 1;
      else if (char === ')' || char === ']') depth -= 1;
      else if (depth === 0 && /[\s>+~]/.test(char)) compoundStart = i + 1;
    }
    const compound = text.slice(compoundStart);
    let key;
    depth = 0;
    for (let i = 0; i < compound.length && key === undefined; i += 1) {
      const char = compound[i];
      if (char === '(' || char === '[') depth += 1;
      else if (char === ')' || char === ']') depth -= 1;
      else if (depth === 0 && (char === '.' || char === '#') && compound[i - 1] !== ':') {
        const name = /^[A-Za-z0-9_-]+(?=$|[.#:[])/.exec(compound.slice(i + 1));
        if (!name) return undefined;
        key = [char === '.' ? keys.classes : keys.ids, name[0].toLowerCase()];
      }
    }
    if (key === undefined) {
      const tag = /^[A-Za-z][A-Za-z0-9-]*(?=$|[.#:[])/.exec(compound);
      if (tag) key = [keys.tags, tag[0].toLowerCase()];
    }
    if (key === undefined) return undefined;
    key[0].add(key[1]);
  }
  return keys;
}

const classesSeen = new WeakMap();
/** The element's classes in lower case, read again only when its class attribute changed. */
function classesOf(element) {
  const attribute = element.getAttribute('class') ?? '';
  const seen = classesSeen.get(element);
  if (seen && seen.attribute === attribute) return seen.classes;
  const classes = new Set(attribute.toLowerCase().split(/[\t\n\f\r ]+/).filter(Boolean));
  classesSeen.set(element, { attribute, classes });
  return classes;
}

/** False when `element` lacks what `keys` require (so the selector cannot match it). */
function mayMatch(keys, element) {
  if (keys.tags.size > 0 && keys.tags.has(element.localName.toLowerCase())) return true;
  if (keys.ids.size > 0 && keys.ids.has((element.getAttribute('id') ?? '').toLowerCase())) return true;
  if (keys.classes.size > 0) {
    const classes = classesOf(element);
    for (const name of keys.classes) if (classes.has(name)) return true;
  }
  return false;
}

/**
 * Wraps a document's non-throwing nwsapi instance (jsdom's style-rule matcher). `isValid` says
 * whether a selector parses (that matcher answers false for one that does not).
 */
function filterHasRules(matcher, isValid) {
  const match = matcher.match.bind(matcher);
  const relaxed = new Map();
  const subjects = new Map();
  matcher.match = (selector, element, callback) => {
    if (typeof selector !== 'string' || callback !== undefined || !element || typeof element.getAttribute !== 'function') {
      return match(selector, element, callback);
    }
    let keys = subjects.get(selector);
    if (keys === undefined) {
      keys = subjectKeys(selector) ?? null;
      subjects.set(selector, keys);
    }
    if (keys !== null && !mayMatch(keys, element)) return false;
    if (selector.includes(':has(')) {
      if (!relaxed.has(selector)) {
        const looser = withoutHas(selector);
        relaxed.set(selector, looser !== undefined && isValid(looser) ? looser : undefined);
      }
      const looser = relaxed.get(selector);
      if (looser !== undefined) {
        let possible = true;
        try {
          possible = match(looser, element);
        } catch {
          possible = true;
        }
        if (!possible) return false;
      }
    }
    return match(selector, element, callback);
  };
  return matcher;
}

/*
 * jsdom also tries every rule of every style sheet on each element whose style it works out (and
 * the emotion styles of a test bring a sheet per rule, hundreds of them). Here the rules are kept
 * in one list per document, in jsdom's order, and filed under the class, id or tag their
 * selectors need (subjectKeys); an element is tried against the rules filed under its own
 * classes, id and tag, and those filed under nothing, still in that order. The declaration built
 * from them is jsdom's: same rules, same order, same matcher, same cache (`_styleCache`, which
 * jsdom empties on every change to the document and to its list of sheets).
 *
 * The list is checked again when that cache was emptied, and when a rule was added or removed
 * through the CSSOM (insertRule, deleteRule), which leaves the cache alone.
 */
let parsedDefaultStyleSheet;
let ruleEdits = 0;
const keysOfSelector = new Map();
for (const Type of [cssom.CSSStyleSheet, cssom.CSSGroupingRule]) {
  for (const method of ['insertRule', 'deleteRule']) {
    const original = Type.prototype[method];
    if (typeof original !== 'function' || original.countsEdits) continue;
    const counted = function (...args) {
      ruleEdits += 1;
      return original.apply(this, args);
    };
    counted.countsEdits = true;
    Type.prototype[method] = counted;
  }
}

const { indexOf } = Array.prototype;

/** The rules jsdom tries on an element, in its order: each sheet's, a screen media rule's own inside. */
function documentRules(documentImpl) {
  if (!parsedDefaultStyleSheet) parsedDefaultStyleSheet = cssom.parse(defaultStyleSheet);
  const sheets = [parsedDefaultStyleSheet, ...documentImpl.styleSheets._list];
  const rules = [];
  const shape = [];
  for (const sheet of sheets) {
    const { cssRules } = sheet;
    shape.push(sheet, cssRules, cssRules.length);
    for (let i = 0; i < cssRules.length; i += 1) {
      const rule = cssRules[i];
      if (rule.media) {
        const screen = indexOf.call(rule.media, 'screen') !== -1;
        shape.push(rule, rule.media.length, screen, rule.cssRules, rule.cssRules.length);
        if (screen) for (let j = 0; j < rule.cssRules.length; j += 1) rules.push(rule.cssRules[j]);
      } else rules.push(rule);
    }
  }
  return { rules, shape };
}

function sameShape(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The document's rules filed by what their selectors need; rebuilt when they changed. */
function ruleIndexOf(documentImpl, styleCache) {
  let index = documentImpl._ruleIndex;
  if (index && index.styleCache === styleCache && index.edits === ruleEdits) return index;
  const { rules, shape } = documentRules(documentImpl);
  const selectors = rules.map((rule) => rule.selectorText);
  if (!index || !sameShape(index.shape, shape) || !sameShape(index.selectors, selectors)) {
    const always = [];
    const byClass = new Map();
    const byId = new Map();
    const byTag = new Map();
    const file = (map, key, order) => {
      const list = map.get(key);
      if (list) list.push(order);
      else map.set(key, [order]);
    };
    rules.forEach((rule, order) => {
      const { selectorText } = rule;
      let keys = keysOfSelector.get(selectorText);
      if (keys === undefined) {
        keys = (typeof selectorText === 'string' && subjectKeys(selectorText)) || null;
        keysOfSelector.set(selectorText, keys);
      }
      if (!keys) {
        always.push(order);
        return;
      }
      for (const name of keys.classes) file(byClass, name, order);
      for (const name of keys.ids) file(byId, name, order);
      for (const name of keys.tags) file(byTag, name, order);
    });
    index = { rules, shape, selectors, always, byClass, byId, byTag };
  }
  index.styleCache = styleCache;
  index.edits = ruleEdits;
  documentImpl._ruleIndex = index;
  return index;
}

/** The positions of the rules that may match `elementImpl`, in order. */
function candidatesFor(index, elementImpl) {
  const lists = [index.always];
  const add = (list) => {
    if (list) lists.push(list);
  };
  add(index.byTag.get(elementImpl.localName.toLowerCase()));
  add(index.byId.get((elementImpl.getAttributeNS(null, 'id') ?? '').toLowerCase()));
  const classes = (elementImpl.getAttributeNS(null, 'class') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  for (const name of classes) if (name) add(index.byClass.get(name));
  if (lists.length === 1) return lists[0];
  const merged = new Set();
  for (const list of lists) for (const order of list) merged.add(order);
  return [...merged].sort((a, b) => a - b);
}

/** jsdom's getDeclarationForElement (helpers/style-rules.js), trying only the rules that may match. */
function getDeclarationForElement(elementImpl) {
  const documentImpl = elementImpl._ownerDocument;
  let styleCache = documentImpl._styleCache;
  if (!styleCache) styleCache = documentImpl._styleCache = new WeakMap();
  const cached = styleCache.get(elementImpl);
  if (cached) return cached;

  const declaration = new CSSStyleDeclaration();
  const handleProperty = (style, property) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  const index = ruleIndexOf(documentImpl, styleCache);
  for (const order of candidatesFor(index, elementImpl)) {
    const rule = index.rules[order];
    if (matchesDontThrow(elementImpl, rule.selectorText)) {
      Array.prototype.forEach.call(rule.style, (property) => handleProperty(rule.style, property));
    }
  }
  Array.prototype.forEach.call(elementImpl.style, (property) => handleProperty(elementImpl.style, property));
  styleCache.set(elementImpl, declaration);
  return declaration;
}

// jsdom reads inherited and colour values through the module's export; window.getComputedStyle
// holds its own reference, so the environment fills the cache before it looks.
styleRules.getDeclarationForElement = getDeclarationForElement;

class Environment extends FixedJSDOMEnvironment {
  constructor(...args) {
    super(...args);
    // jsdom makes the matcher on first use; wrap it as it is stored.
    const { document } = this.global;
    const isValid = (selector) => {
      try {
        document.createElement('div').matches(selector);
        return true;
      } catch {
        return false;
      }
    };
    const documentImpl = implForWrapper(document);
    let matcher = documentImpl._nwsapiDontThrow;
    if (matcher) filterHasRules(matcher, isValid);
    Object.defineProperty(documentImpl, '_nwsapiDontThrow', {
      configurable: true,
      get: () => matcher,
      set: (value) => {
        matcher = value ? filterHasRules(value, isValid) : value;
      },
    });
    const window = this.global;
    const getComputedStyle = window.getComputedStyle;
    window.getComputedStyle = function (element, ...rest) {
      const impl = element && typeof element === 'object' ? implForWrapper(element) : undefined;
      if (impl && impl.nodeType === 1 && impl._ownerDocument) getDeclarationForElement(impl);
      return getComputedStyle.call(this, element, ...rest);
    };
  }
}

module.exports = Environment;
module.exports.withoutHas = withoutHas;
module.exports.subjectKeys = subjectKeys;
