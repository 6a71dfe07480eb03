/** The page an email's unsubscribe link opens. */
export const unsubscribeCopy = {
  title: 'Unsubscribe',
  working: 'Turning these emails off…',
  done: (kind: string) => `Done: we no longer email you when this happens: ${kind}.`,
  toSettings: 'See all email settings',
  failed: 'This unsubscribe link did not work. It may be incomplete; you can turn emails off in your settings.',
  missing: 'This link has no unsubscribe token. Open the link from the email again.',
} as const;
