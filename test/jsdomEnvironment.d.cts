declare class Environment {}
declare namespace Environment {
  /** `selector` without its top-level `:has(…)` parts, or undefined. */
  function withoutHas(selector: string): string | undefined;
  /** What the subject of every selector of the list must have, or undefined. */
  function subjectKeys(selector: string): { classes: Set<string>; ids: Set<string>; tags: Set<string> } | undefined;
}
export = Environment;
