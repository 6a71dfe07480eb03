/** What the reports' listener says after an answer (it runs with the app, before any reports page is loaded). */
export const reportToasts = {
  sent: 'Thanks, an admin will look at it',
  already: 'You already reported this',
  done: { hide: 'Hidden', suspend: 'Suspended', delete: 'Deleted', dismiss: 'Dismissed' },
  lifted: 'Suspension lifted',
} as const;
