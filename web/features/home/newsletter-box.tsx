import { webMessages } from '../../lib/web-messages.ts';
import { emailProblem } from '#domain/identity/credentials-rules.ts';
import { useSubscribe } from './api.ts';
import { checkWith, firstError } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { Input } from '../../components/ui/input.tsx';
import { notify } from '../../components/ui/toaster.tsx';

export function NewsletterBox() {
  const send = useSubscribe();
  const form = useAppForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await send.mutateAsync(value.email.trim());
        formApi.reset();
        notify.success(webMessages.newsletterSubscribed);
      } catch (error) {
        showRefusal(formApi, error);
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
          {/* One box in a banner: checked only when sent, so typing never shows a message early. */}
          <form.AppField name="email" validators={{ onSubmit: checkWith(emailProblem) }}>
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
          </form.AppField>
          <form.AppForm>
            <form.SubmitButton variant="secondary">Subscribe</form.SubmitButton>
          </form.AppForm>
        </form>
      </div>
    </section>
  );
}
