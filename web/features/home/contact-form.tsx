import { useForm } from '@tanstack/react-form';
import { messages } from '#domain/messages.ts';
import { contactSchema } from '#http/schemas.ts';
import { api, ApiError } from '../../lib/api.ts';
import { checkOnBlur, checkOnChangeBlurSubmit, fieldError, validateWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { notify } from '../../components/ui/toaster.tsx';

const { name, email, message } = contactSchema.shape;

export function ContactForm() {
  const form = useForm({
    defaultValues: { name: '', email: '', message: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await api.contact({ name: value.name.trim(), email: value.email.trim(), message: value.message.trim() });
        formApi.reset();
        notify.success(messages.contactSent);
      } catch (error) {
        notify.error(error instanceof ApiError ? error.message : messages.serverError);
      }
    },
  });
  return (
    <section aria-labelledby="contact-heading" className="mx-auto max-w-3xl px-4 py-12">
      <h2 id="contact-heading" className="text-center text-2xl font-extrabold text-slate-900 sm:text-3xl">
        Contact Us
      </h2>
      <form noValidate className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" onSubmit={submitWithoutReload(form)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.Field name="name" validators={checkOnChangeBlurSubmit(validateWith(name))}>
            {(field) => (
              <Field id="contact-name" label="Your name" error={fieldError(field)}>
                {(control) => <Input {...control} autoComplete="name" value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={checkOnBlur(field)} />}
              </Field>
            )}
          </form.Field>
          <form.Field name="email" validators={checkOnChangeBlurSubmit(validateWith(email))}>
            {(field) => (
              <Field id="contact-email" label="Your email" error={fieldError(field)}>
                {(control) => <Input {...control} type="email" autoComplete="email" value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={checkOnBlur(field)} />}
              </Field>
            )}
          </form.Field>
        </div>
        <form.Field name="message" validators={checkOnChangeBlurSubmit(validateWith(message))}>
          {(field) => (
            <Field id="contact-message" label="Message" error={fieldError(field)}>
              {(control) => <Textarea {...control} rows={4} value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={checkOnBlur(field)} />}
            </Field>
          )}
        </form.Field>
        <Button type="submit" variant="secondary">
          Send
        </Button>
      </form>
    </section>
  );
}
