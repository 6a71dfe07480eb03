/** Marks react-router's module-level React factories as pure (see the module). */
export default function pureReactFactoriesLoader(source: string): string;
