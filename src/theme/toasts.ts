/**
 * The toasts' colours, darker than notistack's own so white text reads at 4.5:1 or more
 * (notistack's green is 3.3:1). Two classes, so they win over notistack's one.
 */
export const toastStyles = {
  '.notistack-MuiContent.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '.notistack-MuiContent.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '.notistack-MuiContent.notistack-MuiContent-info': { backgroundColor: '#1565c0' },
  '.notistack-MuiContent.notistack-MuiContent-warning': { backgroundColor: '#ed6c02', color: '#000000' },
} as const;
