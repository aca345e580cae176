import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';

export interface ListFilterProps<Choice extends string> {
  /** The select: its label, the "no filter" option, the choices and their labels. */
  choice: { label: string; all: string; options: readonly Choice[]; labels: Record<Choice, string>; value: Choice | undefined };
  /** The text box: its id, its (visually hidden) label and placeholder, the words in the URL. */
  text: { id: string; label: string; placeholder: string; value: string | undefined };
  submitLabel: string;
  /** A choice applies at once; the words when the form is sent (Enter or the button). Empty means no filter. */
  onChange(next: { choice: Choice | undefined; text: string | undefined }): void;
}

/**
 * An admin list's filter row: one select and one search box, both kept in the URL by the page, so
 * Back restores them. Remount it with the URL's words as its key so the box follows Back too.
 * A URL choice, not a form to save: a plain box, read when the form is sent.
 */
export function ListFilter<Choice extends string>({ choice, text, submitLabel, onChange }: ListFilterProps<Choice>) {
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const words = new FormData(event.currentTarget).get('words');
        onChange({ choice: choice.value, text: (typeof words === 'string' ? words.trim() : '') || undefined });
      }}
    >
      <label className="flex flex-col text-sm font-medium text-slate-900">
        {choice.label}
        <select
          className="mt-1 rounded-md border border-slate-400 bg-white px-2 py-2 text-sm"
          value={choice.value ?? ''}
          onChange={(event) => onChange({ choice: (event.target.value || undefined) as Choice | undefined, text: text.value })}
        >
          <option value="">{choice.all}</option>
          {choice.options.map((option) => (
            <option key={option} value={option}>
              {choice.labels[option]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={text.id} className="sr-only">
        {text.label}
      </label>
      <Input id={text.id} name="words" type="search" className="min-w-0 flex-1 basis-56" placeholder={text.placeholder} defaultValue={text.value ?? ''} />
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
}
