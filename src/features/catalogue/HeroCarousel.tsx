import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { copy } from '../../config/copy';
import { onDarkSurface } from '../../theme/focusRing';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

export const AUTO_ADVANCE_MS = 6000;

export interface Slide {
  title: string;
  text: string;
  /** Public URL of the illustration; the texts are laid over it, not drawn into it. */
  image: string;
}

// Drawn here rather than imported: the home page's first paint keeps to two icon modules.
const PAUSE_PATH = 'M6 19h4V5H6v14zm8-14v14h4V5h-4z';
const PLAY_PATH = 'M8 5v14l11-7z';

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(255, 255, 255, 0.85)',
  '&:hover, &:focus-visible': { bgcolor: 'common.white' },
} as const;

/**
 * A wrapping slideshow: previous/next, one dot per slide, the arrow keys while it has the focus,
 * and auto-advance unless the user paused it, is busy with it, or asks the system for less
 * motion (WCAG 2.2.2: a pause button stops it for good, until Play).
 */
export function HeroCarousel({ slides, intervalMs = AUTO_ADVANCE_MS }: { slides: readonly Slide[]; intervalMs?: number }) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The user's choice; until they make one, less motion means paused.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const playing = playChoice ?? !reducedMotion;
  const count = slides.length;
  const goTo = (index: number) => setCurrent(((index % count) + count) % count);
  const rotating = count > 1 && playing && !hovered && !focused;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') goTo(current - 1);
    else if (event.key === 'ArrowRight') goTo(current + 1);
    else return;
    event.preventDefault();
  };

  // A timeout per slide, so a manual move also restarts the wait.
  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setTimeout(() => setCurrent((current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count, intervalMs]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={copy.home.carouselLabel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <Box
        sx={{
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 2,
          bgcolor: '#293241',
          // The slot's shape is known before any image arrives, so nothing below it moves.
          aspectRatio: { xs: '16 / 9', sm: '2 / 1', md: '1200 / 420' },
          ...onDarkSurface,
        }}
      >
        <Box aria-live={rotating ? 'off' : 'polite'} sx={{ position: 'absolute', inset: 0 }}>
          {slides.map((slide, index) => {
            const active = index === current;
            return (
              <Box
                key={slide.image}
                role="group"
                aria-roledescription="slide"
                aria-label={copy.home.slideLabel(index + 1, count)}
                aria-hidden={!active}
                sx={{
                  position: 'absolute',
                  inset: 0,
                  opacity: active ? 1 : 0,
                  visibility: active ? 'visible' : 'hidden',
                  transition: reducedMotion ? 'none' : 'opacity 600ms ease, visibility 600ms',
                }}
              >
                <Box
                  component="img"
                  src={slide.image}
                  alt=""
                  width={1200}
                  height={420}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  // The first picture paints in the same frame as the text over it.
                  decoding={index === 0 ? 'sync' : 'async'}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'right center', display: 'block' }}
                />
                <Box
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    display: 'flex',
                    flexDirection: 'column',
                    justifyContent: 'center',
                    gap: 1,
                    pl: { xs: 7, md: 10 },
                    pr: { xs: 7, md: '45%' },
                    color: 'common.white',
                    background: 'linear-gradient(90deg, rgba(41,50,65,0.9) 0%, rgba(41,50,65,0.55) 55%, rgba(41,50,65,0) 100%)',
                  }}
                >
                  <Typography component="h2" sx={{ fontWeight: 700, fontSize: { xs: '1.3rem', sm: '1.8rem', md: '2.4rem' }, lineHeight: 1.15 }}>
                    {slide.title}
                  </Typography>
                  <Typography sx={{ fontSize: { xs: '0.95rem', md: '1.15rem' } }}>{slide.text}</Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
        <IconButton aria-label={copy.home.previousSlide} onClick={() => goTo(current - 1)} sx={{ ...arrowSx, left: 8 }}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label={copy.home.nextSlide} onClick={() => goTo(current + 1)} sx={{ ...arrowSx, right: 8 }}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 0.5, mt: 1 }}>
        <IconButton
          size="small"
          aria-label={playing ? copy.home.pauseSlides : copy.home.playSlides}
          onClick={() => setPlayChoice(!playing)}
          sx={{ mr: 1 }}
        >
          <SvgIcon fontSize="small">
            <path d={playing ? PAUSE_PATH : PLAY_PATH} />
          </SvgIcon>
        </IconButton>
        {slides.map((slide, index) => (
          <ButtonBase
            key={slide.image}
            aria-label={copy.home.goToSlide(index + 1)}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => goTo(index)}
            sx={{ width: 28, height: 28, borderRadius: '50%' }}
          >
            <Box
              component="span"
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: index === current ? 'primary.main' : 'grey.600',
              }}
            />
          </ButtonBase>
        ))}
      </Box>
    </Box>
  );
}
