import { ExternalLink, Star } from "lucide-react";
import { Carousel } from "../../../components/ui/carousel.tsx";
import type { ContactContent } from "../../../common/content/schemas.ts";
import { allReviewsUrl, initials, MAX_RATING, testimonials, type Testimonial } from "../testimonials.ts";
import { SectionHeading } from "./section-frame.tsx";

/** Stars for the eye, 'n von 5 Sternen' for screen readers. */
function Rating({ rating }: { rating: number }) {
  return (
    <p className="flex items-center justify-center gap-1">
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={
            index < rating ? "size-5 fill-amber-500 text-amber-500" : "size-5 fill-stone-200 text-stone-300"
          }
        />
      ))}
      <span className="sr-only">{`${rating} von ${MAX_RATING} Sternen`}</span>
    </p>
  );
}

function Review({ review }: { review: Testimonial }) {
  return (
    <figure className="mx-auto flex h-full max-w-3xl flex-col items-center px-2 text-center sm:px-10">
      <Rating rating={review.rating} />
      <blockquote className="mt-6 font-serif text-xl leading-relaxed text-ink italic md:text-2xl">
        <p>„{review.content}“</p>
      </blockquote>
      <figcaption className="mt-8 flex items-center gap-4 text-left">
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-700 font-serif text-lg font-bold text-white"
        >
          {initials(review.author)}
        </span>
        <span>
          <span className="block font-semibold text-ink">{review.author}</span>
          <span className="block text-sm text-muted">{review.position}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** 'Was unsere Gäste sagen': the four fixed reviews in a carousel, and a link to all reviews. */
export function Testimonials({ contact }: { contact: ContactContent }) {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-heading"
      className="render-when-visible scroll-mt-16 bg-white px-4 py-20 md:py-28"
    >
      <div className="mx-auto max-w-5xl">
        <div className="text-center">
          <SectionHeading sectionId="testimonials" eyebrow="Bewertungen" heading="Was unsere Gäste sagen" />
        </div>
        <Carousel
          label="Bewertungen unserer Gäste"
          className="mt-12"
          slides={testimonials.map((review) => (
            <Review key={review.id} review={review} />
          ))}
        />
        <p className="mt-10 text-center">
          <a
            href={allReviewsUrl(contact.name, contact.address_lines)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Alle Bewertungen ansehen
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">(öffnet in neuem Tab)</span>
          </a>
        </p>
      </div>
    </section>
  );
}
