/** What a route error says: status text, a thrown `data(...)`'s init, or an error's message. */
export function describeRouteError(error: unknown): string {
  if (error instanceof Response) return error.statusText || String(error.status);
  if (error && typeof error === 'object') {
    const withStatus = error as { status?: unknown; statusText?: unknown; init?: { status?: unknown; statusText?: unknown } | null };
    const init = withStatus.init ?? withStatus;
    if (typeof init.statusText === 'string' && init.statusText) return init.statusText;
    if (typeof init.status === 'number') return String(init.status);
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The error shown for a path no route matches. */
export const NOT_FOUND = { status: 404, statusText: 'Not Found' } as const;
