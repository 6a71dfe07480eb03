// webpack loader for react-router's production build: marks its module-level
// `var X = React.forwardRef(...)`, `React.memo(...)` and `React.createContext(...)` as pure, so that
// a component or context no page uses (its <Form>, with the submission helpers only <Form>
// reaches) is dropped with what it alone needs. webpack and the minifier keep a call they
// cannot prove harmless, and an `X.displayName = "..."` statement after it keeps X used: the name
// is given in the same pure expression instead (Object.assign returns the object it was given).

const FACTORY = String.raw`React\d*\.(?:forwardRef|memo|createContext)`;
const NAMED = new RegExp(String.raw`^var ([\w$]+) = (${FACTORY}\([\s\S]*?\));\n\1\.displayName = ("[^"\n]*");$`, 'gm');
const UNNAMED = new RegExp(String.raw`^var ([\w$]+) = (${FACTORY}\()`, 'gm');

export default function pureReactFactoriesLoader(source) {
  return source
    .replace(NAMED, (_, name, call, displayName) => `var ${name} = /* @__PURE__ */ Object.assign(/* @__PURE__ */ ${call}, { displayName: ${displayName} });`)
    .replace(UNNAMED, (_, name, call) => `var ${name} = /* @__PURE__ */ ${call}`);
}
