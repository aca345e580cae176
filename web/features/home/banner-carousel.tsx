import { Link } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';

interface Slide {
  title: string;
  text: string;
  art: string;
}

// Gradients and CSS shapes instead of photos: no image request delays the first paint.
const slides: Slide[] = [
  { title: 'Modern Power Tools', text: 'Drills, grinders and saws for crews that buy by the hundred.', art: 'from-slate-950 via-slate-800 to-amber-700' },
  { title: 'Power Tool Accessories', text: 'Bits, blades, batteries and chargers, always in stock in bulk.', art: 'from-slate-900 via-zinc-800 to-yellow-600' },
  { title: 'Support & Service', text: 'Real people who know tools, before and after your order.', art: 'from-zinc-950 via-slate-800 to-orange-700' },
];

const INTERVAL_MS = 6000;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
/** Read once: a change of the setting applies from the next page. */
const neverChanges = () => () => undefined;

/**
 * The home banner. It advances on its own only while nobody is reading it (pauses on hover and
 * focus) and never for users who asked for reduced motion.
 */
export function BannerCarousel() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // The server renders as if motion were fine (it cannot know); hydration then reads the setting.
  const reducedMotion = useSyncExternalStore(neverChanges, prefersReducedMotion, () => false);
  const go = (next: number) => setIndex((next + slides.length) % slides.length);

  useEffect(() => {
    if (paused || reducedMotion) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % slides.length), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, reducedMotion]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative overflow-hidden bg-slate-950"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div aria-live={paused || reducedMotion ? 'polite' : 'off'}>
        {slides.map((slide, position) => (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${slides.length}`}
            hidden={position !== index}
            className={`bg-gradient-to-br ${slide.art} relative px-4 py-16 sm:py-24`}
          >
            <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_80%_30%,rgba(251,191,36,0.35),transparent_45%)]" />
            <div className="relative mx-auto max-w-7xl">
              <p className="text-sm font-bold tracking-widest text-amber-300 uppercase">Bulkhead</p>
              <h2 className="mt-2 max-w-xl text-3xl font-extrabold text-white sm:text-5xl">{slide.title}</h2>
              <p className="mt-4 max-w-lg text-lg text-slate-200">{slide.text}</p>
              <Link to="/allProduct" className={buttonClass('primary', 'mt-8')} tabIndex={position === index ? 0 : -1}>
                Shop Now
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute right-4 bottom-4 flex items-center gap-2">
        <button type="button" aria-label="Previous slide" onClick={() => go(index - 1)} className="rounded-full bg-white/90 p-2 text-slate-900 hover:bg-white focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5"><path d="M15 6l-6 6 6 6" /></svg>
        </button>
        {slides.map((slide, position) => (
          <button
            key={slide.title}
            type="button"
            aria-label={`Show slide ${position + 1}: ${slide.title}`}
            aria-current={position === index}
            onClick={() => go(position)}
            className="grid h-6 w-6 place-items-center rounded-full focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none"
          >
            {/* A 12px dot inside a 24px button: the target stays easy to hit on a phone (WCAG 2.5.8). */}
            <span aria-hidden="true" className={`h-3 w-3 rounded-full ${position === index ? 'bg-amber-400' : 'bg-white/70'}`} />
          </button>
        ))}
        <button type="button" aria-label="Next slide" onClick={() => go(index + 1)} className="rounded-full bg-white/90 p-2 text-slate-900 hover:bg-white focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5"><path d="M9 6l6 6-6 6" /></svg>
        </button>
      </div>
    </section>
  );
}
