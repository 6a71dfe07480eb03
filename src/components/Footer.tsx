import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { copy } from '../config/copy';
import { onDarkSurface } from '../theme/focusRing';
import { LogoMark } from './Logo';

const socialIcons = [
  { label: 'Twitter', path: 'M22 5.8c-.7.3-1.5.5-2.4.6.9-.5 1.5-1.3 1.8-2.3-.8.5-1.7.8-2.6 1a4.1 4.1 0 0 0-7 3.7A11.6 11.6 0 0 1 3.4 4.6a4.1 4.1 0 0 0 1.3 5.5c-.7 0-1.3-.2-1.9-.5 0 2 1.4 3.7 3.3 4.1-.6.2-1.2.2-1.9.1.5 1.6 2 2.8 3.8 2.9A8.2 8.2 0 0 1 2 18.3 11.6 11.6 0 0 0 8.3 20c7.5 0 11.7-6.2 11.7-11.7v-.5c.8-.6 1.5-1.3 2-2z' },
  { label: 'YouTube', path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z' },
  { label: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z' },
];

/** The footer. Its social icons lead nowhere yet, so they are pictures with names, not controls. */
export function Footer() {
  return (
    <Box component="footer" sx={{ mt: 'auto', py: 4, px: 2, bgcolor: 'grey.900', color: 'grey.100', textAlign: 'center', ...onDarkSurface }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1 }}>
        <LogoMark size={40} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {copy.brand.name}
        </Typography>
      </Box>
      <Typography variant="body2">{copy.brand.tagline}</Typography>
      <Typography variant="body2">{copy.brand.copyright}</Typography>
      <Box component="ul" sx={{ mt: 1, mb: 0, p: 0, listStyle: 'none', display: 'flex', justifyContent: 'center', gap: 2 }}>
        {socialIcons.map((icon) => (
          <Box component="li" key={icon.label} sx={{ p: 1, display: 'flex' }}>
            <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" role="img" aria-label={icon.label} focusable="false">
              <path d={icon.path} />
            </svg>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
