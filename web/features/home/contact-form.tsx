import { webMessages } from '../../lib/web-messages.ts';
import { emailProblem, nameProblem } from '#domain/identity/credentials-rules.ts';
import { MAX_CONTACT_MESSAGE_LENGTH } from '#domain/content/inbox.ts';
import { requiredTextProblem } from '#domain/shared/text-rules.ts';
import { problem } from '#domain/shared/field-problem.ts';
import { useSendContactMessage } from './api.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { notify } from '../../components/ui/toaster.tsx';

/** The inbox's own rule for a message (domain/content/inbox.ts): present, at most its length. */
const messageProblem = (message: string) => requiredTextProblem(message, problem('messageRequired'), MAX_CONTACT_MESSAGE_LENGTH);

export function ContactForm() {
  const send = useSendContactMessage();
  const form = useAppForm({
    defaultValues: { name: '', email: '', message: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await send.mutateAsync({ name: value.name.trim(), email: value.email.trim(), message: value.message.trim() });
        formApi.reset();
        notify.success(webMessages.contactSent);
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });
  return (
    <section id="contact" aria-labelledby="contact-heading" className="mx-auto max-w-3xl scroll-mt-24 px-4 py-12">
      <h2 id="contact-heading" className="text-center text-2xl font-extrabold text-slate-900 sm:text-3xl">
        Contact Us
      </h2>
      <form noValidate className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" onSubmit={submitWithoutReload(form)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="name" validators={checkOnChangeBlurSubmit(checkWith(nameProblem))}>
            {(field) => <field.TextField id="contact-name" label="Your name" autoComplete="name" />}
          </form.AppField>
          <form.AppField name="email" validators={checkOnChangeBlurSubmit(checkWith(emailProblem))}>
            {(field) => <field.TextField id="contact-email" label="Your email" type="email" autoComplete="email" />}
          </form.AppField>
        </div>
        <form.AppField name="message" validators={checkOnChangeBlurSubmit(checkWith(messageProblem))}>
          {(field) => <field.TextareaField id="contact-message" label="Message" />}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton variant="secondary">Send</form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  );
}
