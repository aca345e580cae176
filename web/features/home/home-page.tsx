import { BannerCarousel } from './banner-carousel.tsx';
import { PromoCards } from './promo-cards.tsx';
import { StatisticsStrip } from './statistics-strip.tsx';
import { NewProducts } from './new-products.tsx';
import { LatestReviews } from './latest-reviews.tsx';
import { DeferredSection } from './deferred-section.tsx';
import { lazy } from 'react';

// The two forms carry the validation code (zod, TanStack Form); they sit below the fold.
const NewsletterBox = lazy(() => import('./newsletter-box.tsx').then((module) => ({ default: module.NewsletterBox })));
const ContactForm = lazy(() => import('./contact-form.tsx').then((module) => ({ default: module.ContactForm })));

export function HomePage() {
  return (
    <>
      <h1 className="sr-only">Bulkhead: hardware parts and tools in bulk</h1>
      <BannerCarousel />
      <PromoCards />
      <StatisticsStrip />
      <NewProducts />
      <DeferredSection minHeight="16rem">
        <NewsletterBox />
      </DeferredSection>
      <LatestReviews />
      <DeferredSection minHeight="28rem">
        <ContactForm />
      </DeferredSection>
    </>
  );
}
