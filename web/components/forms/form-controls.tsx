import type { AnyFieldApi } from '@tanstack/react-form';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { MAX_IMAGE_BYTES } from '#domain/images/image-store.ts';
import { checkOnBlur, fieldError } from '../../lib/validate.ts';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { uploadChosenImage } from './api.ts';

/** What the file picker offers; the server still decides the type from the bytes. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml';

/**
 * The image rules a browser can check before uploading: present when required, and under
 * 1,000,000 bytes, so an oversized file is refused without sending a byte.
 */
export const checkImage =
  (required: boolean) =>
  ({ value }: { value: File | null }): string | undefined => {
    if (!value) return required ? messages.imageMissing : undefined;
    return value.size >= MAX_IMAGE_BYTES ? messages.imageTooLarge : undefined;
  };

/** Where a save is: the image goes up first, then the record is written. */
export type SavePhase = 'idle' | 'uploading' | 'saving';

/**
 * A save whose chosen image (if any) is uploaded first: `save(image, write)` uploads it, then
 * calls `write` with its URL (null without an image), and `phase` drives the SaveButton's steps.
 */
export function useSaveWithImage() {
  const [phase, setPhase] = useState<SavePhase>('idle');
  const save = async <T,>(image: File | null, write: (imageUrl: string | null) => Promise<T>): Promise<T> => {
    try {
      let imageUrl: string | null = null;
      if (image) {
        setPhase('uploading');
        imageUrl = await uploadChosenImage(image);
      }
      setPhase('saving');
      return await write(imageUrl);
    } finally {
      setPhase('idle');
    }
  };
  return { phase, save };
}

/** The submit button of an image form: disabled with a spinner and the current step while saving. */
export function SaveButton({ phase, label }: { phase: SavePhase; label: string }) {
  const busy = phase !== 'idle';
  return (
    <Button type="submit" disabled={busy}>
      {busy ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-500 border-t-transparent motion-reduce:animate-none" /> : null}
      {phase === 'uploading' ? 'Uploading image…' : phase === 'saving' ? 'Saving…' : label}
    </Button>
  );
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1000)).toLocaleString('en-US')} kB`;

/**
 * The image drop zone: a real file input stretched invisibly over a dashed box, so a
 * click opens the picker, a dropped file lands in the input, and keyboard focus shows on the box.
 */
export function ImageField({
  field,
  id,
  label = 'Image',
  serverError,
  onEdit,
}: {
  field: AnyFieldApi;
  id: string;
  label?: string;
  serverError?: string | undefined;
  onEdit?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const file = field.state.value as File | null;
  // A file input cannot be controlled; clear it by hand when the form resets the value.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  return (
    <Field id={id} label={label} hint={labels.imageHint} error={fieldError(field) ?? serverError}>
      {(control) => (
        <div className="relative flex flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-400 bg-slate-50 px-4 py-6 text-center text-sm text-slate-700 focus-within:ring-2 focus-within:ring-amber-500 hover:bg-slate-100">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <p>
            <span className="font-semibold text-slate-900">Click to upload</span> or drag and drop
          </p>
          <p aria-live="polite" className="font-medium text-slate-900">
            {file ? `Selected: ${file.name} (${kilobytes(file.size)})` : ''}
          </p>
          <input
            {...control}
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
            onChange={(event) => {
              onEdit?.();
              field.handleChange(event.target.files?.[0] ?? null);
              // Choosing a file is finishing the field: say at once if it is too large.
              field.handleBlur();
            }}
            onBlur={checkOnBlur(field)}
          />
        </div>
      )}
    </Field>
  );
}
