import { createTheme } from '@mui/material/styles';
import { autofillDetection, autofillKeyframes } from './autofill';
import { focusRingStyles, focusVisibleRing } from './focusRing';
import { keptClickStyles } from './keptClicks';
import { stillSkeletonStyles } from './motion';
import { toastStyles } from './toasts';

export const theme = createTheme({
  palette: {
    primary: { main: '#3d5a80' },
    // The dark shade carries white text (5.6:1); the main one is for marks and accents only.
    secondary: { main: '#ee6c4d', dark: '#b5402a' },
    // Darker than MUI's defaults so that white text on them (order-state chips) reads at 4.5:1 or
    // more: info 4.8:1, warning 5.0:1. The light shades stay MUI's (search highlights).
    info: { main: '#0277bd' },
    warning: { main: '#b45309', light: '#ffb74d', dark: '#8a3c07' },
    background: { default: '#f7f7f2' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.2rem', fontWeight: 700 },
    // Every page's title (its h1) is drawn in this style, so titles are one size across the site.
    h2: { fontSize: '1.8rem', fontWeight: 700 },
  },
  components: {
    MuiCssBaseline: { styleOverrides: { ...focusRingStyles, ...toastStyles, ...autofillKeyframes, ...keptClickStyles } },
    MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true }, styleOverrides: { input: autofillDetection } },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiSkeleton: { styleOverrides: stillSkeletonStyles },
    MuiSwitch: { styleOverrides: { switchBase: focusVisibleRing } },
    MuiCheckbox: { styleOverrides: { root: focusVisibleRing } },
    MuiRadio: { styleOverrides: { root: focusVisibleRing } },
  },
});
