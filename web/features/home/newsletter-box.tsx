import { useForm } from '@tanstack/react-form';
import { messages } from '#domain/messages.ts';
import { emailField } from '#http/schemas.ts';
import { api, ApiError } from '../../lib/api.ts';
import { firstError, validateWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notify } from '../../components/ui/toaster.tsx';

export function NewsletterBox() {
  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await api.subscribe({ email: value.email.trim() });
        formApi.reset();
        notify.success(messages.newsletterSubscribed);
      } catch (error) {
        notify.error(error instanceof ApiError ? error.message : messages.serverError);
      }
    },
  });
  return (
    <section aria-labelledby="newsletter-heading" className="bg-amber-400 py-12">
      <div className="mx-auto max-w-3xl px-4 text-center">
        <h2 id="newsletter-heading" className="text-2xl font-extrabold text-slate-950 sm:text-3xl">
          Get The Latest News And Updates
        </h2>
        <p className="mt-2 text-slate-900">New tools, bulk offers and restocks, at most once a week.</p>
        <form noValidate className="mx-auto mt-6 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submitWithoutReload(form)}>
          <form.Field name="email" validators={{ onSubmit: validateWith(emailField) }}>
            {(field) => {
              const error = firstError(field.state.meta);
              return (
                <div className="flex-1 text-left">
                  <label htmlFor="newsletter-email" className="sr-only">
                    Email address for newsletter
                  </label>
                  <Input
                    id="newsletter-email"
                    type="email"
                    autoComplete="email"
                    placeholder="you@company.com"
                    value={field.state.value}
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? 'newsletter-email-error' : undefined}
                    onChange={(event) => field.handleChange(event.target.value)}
                    onBlur={field.handleBlur}
                  />
                  {error ? (
                    <p id="newsletter-email-error" className="mt-1 text-sm font-semibold text-red-900">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            }}
          </form.Field>
          <Button type="submit" variant="secondary">
            Subscribe
          </Button>
        </form>
      </div>
    </section>
  );
}
