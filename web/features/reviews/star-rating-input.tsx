import { RadioGroup } from 'radix-ui';
import { clsx } from 'clsx';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The 1–5 star rating as a radio group (radix): Tab reaches it once, the arrow keys move between
 * the stars, and each star is announced as "N stars". The default is 5.
 */
export function StarRatingInput({ value, onChange, labelId }: { value: number; onChange: (rating: number) => void; labelId: string }) {
  return (
    <div className="flex items-center gap-3">
      <RadioGroup.Root
        aria-labelledby={labelId}
        orientation="horizontal"
        loop
        value={String(value)}
        onValueChange={(next) => onChange(Number(next))}
        className="flex gap-1"
      >
        {STARS.map((star) => (
          <RadioGroup.Item
            key={star}
            value={String(star)}
            aria-label={`${star} star${star === 1 ? '' : 's'}`}
            className="rounded-md p-0.5 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className={clsx('h-8 w-8', star <= value ? 'text-amber-500' : 'text-slate-300')} fill="currentColor">
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
            </svg>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <span className="text-sm text-slate-700" aria-hidden="true">
        {value} out of 5
      </span>
    </div>
  );
}
