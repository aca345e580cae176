import { clsx } from 'clsx';
import { thumbnailImage } from '../../lib/image-sizes.ts';

/** The user's photo, or their initial on the brand colour when there is none (never a hot-linked stock image). */
export function Avatar({ name, imageUrl, className }: { name: string; imageUrl: string | undefined; className?: string }) {
  return (
    <span className={clsx('flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-amber-400 font-bold text-slate-950', className)}>
      {imageUrl ? <img src={thumbnailImage(imageUrl)} alt="" className="h-full w-full object-cover" /> : <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>}
    </span>
  );
}
