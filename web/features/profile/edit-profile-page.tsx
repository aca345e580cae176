import type { AnyFormApi } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { webMessages } from '../../lib/web-messages.ts';
import { labels } from '../../lib/labels.ts';
import type { MeDto } from '#http/dto.ts';
import { profileSchema } from '#http/schemas.ts';
import { useUpdateProfile } from './api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { checkOnBlur, checkOnChangeBlurSubmit, fieldError, validateWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { uploadChosenImage } from '../../components/forms/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { imageProblem, pickImage, previewOf, type PickedImage } from './picked-image.ts';

type TextKey = 'address' | 'phone' | 'companyName' | 'jobTitle' | 'taxNumber' | 'education' | 'linkedin' | 'facebook';
type TextFieldSpec = {
  name: TextKey;
  label: string;
  type: 'text' | 'tel' | 'url';
  autoComplete?: 'street-address' | 'tel' | 'organization' | 'organization-title';
  placeholder?: string;
  hint?: string;
};

/**
 * The editable text fields, in the order the page shows them, each checked by the server's own
 * schema: first what a contractor's orders and invoices use, then the original shop's optional
 * fields under "More about you".
 */
const TEXT_FIELDS: TextFieldSpec[] = [
  { name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'companyName', label: 'Company name', type: 'text', autoComplete: 'organization' },
  { name: 'jobTitle', label: 'Job title', type: 'text', autoComplete: 'organization-title' },
  { name: 'taxNumber', label: 'Tax/VAT number', type: 'text', hint: labels.taxNumberHint },
];
const MORE_FIELDS: TextFieldSpec[] = [
  { name: 'education', label: 'Education', type: 'text' },
  { name: 'linkedin', label: 'Linkedin', type: 'url', placeholder: 'https://www.linkedin.com/in/…' },
  { name: 'facebook', label: 'Facebook', type: 'url', placeholder: 'https://www.facebook.com/…' },
];

const fileInputClass =
  'block w-full rounded-md border bg-white text-sm text-slate-900 file:mr-3 file:cursor-pointer file:border-0 file:bg-slate-900 file:px-3 file:py-2 file:font-semibold file:text-white focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none';

// A pseudo-class variant, so it outranks the input's own white background.
const readOnlyClass = 'read-only:bg-slate-100 read-only:text-slate-700';

type Stage = 'uploading' | 'saving' | null;

/** Whether a field under "More about you" carries an error, the form's own or the server's. */
const moreRefused = (form: AnyFormApi): boolean => MORE_FIELDS.some((spec) => (form.getFieldMeta(spec.name)?.errors.length ?? 0) > 0);

/** Edit Profile: name and e-mail come from the account; phone and address are required, the rest optional; a new photo is uploaded first. */
export function EditProfilePage() {
  usePageMeta(labels.editProfile, 'Update your address, phone number, company, job title, tax/VAT number, education, LinkedIn and Facebook links and your photo.');
  const session = useSession();
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">{labels.editProfile}</h1>
      {session ? <EditProfileForm key={session.user.id} session={session} /> : <Spinner />}
    </section>
  );
}

function EditProfileForm({ session }: { session: MeDto }) {
  const { user, profile } = session;
  const currentImage = profile?.imageUrl ?? '';
  const updateProfile = useUpdateProfile();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // "More about you" starts open when one of its fields is filled in, and opens when one of them is
  // refused, so a problem is never hidden in a closed disclosure.
  const [moreOpen, setMoreOpen] = useState(() => MORE_FIELDS.some((spec) => (profile?.[spec.name] ?? '') !== ''));

  const form = useAppForm({
    defaultValues: {
      address: profile?.address ?? '',
      phone: profile?.phone ?? '',
      companyName: profile?.companyName ?? '',
      jobTitle: profile?.jobTitle ?? '',
      taxNumber: profile?.taxNumber ?? '',
      education: profile?.education ?? '',
      linkedin: profile?.linkedin ?? '',
      facebook: profile?.facebook ?? '',
      image: null as PickedImage | null,
    },
    onSubmit: async ({ value, formApi }) => {
      try {
        let imageUrl = currentImage;
        if (value.image) {
          setStage('uploading');
          imageUrl = await uploadChosenImage(value.image.file);
        }
        setStage('saving');
        await updateProfile.mutateAsync({
          imageUrl,
          address: value.address.trim(),
          phone: value.phone.trim(),
          companyName: value.companyName.trim(),
          jobTitle: value.jobTitle.trim(),
          taxNumber: value.taxNumber.trim(),
          education: value.education.trim(),
          linkedin: value.linkedin.trim(),
          facebook: value.facebook.trim(),
        });
        notify.success(webMessages.profileUpdated);
        void navigate({ to: '/dashboard/myProfile' });
      } catch (error) {
        setStage(null);
        // A saved photo's refusal (imageUrl) belongs under the photo, like an upload's.
        showRefusal(formApi, error, { rename: { imageUrl: 'image' }, fallback: webMessages.profileUpdateFailed });
        if (moreRefused(formApi)) setMoreOpen(true);
      }
    },
    onSubmitInvalid: ({ formApi }) => {
      if (moreRefused(formApi)) setMoreOpen(true);
    },
  });

  const textField = (spec: TextFieldSpec) => (
    <form.AppField key={spec.name} name={spec.name} validators={checkOnChangeBlurSubmit(validateWith(profileSchema.shape[spec.name]))}>
      {(field) => (
        <field.TextField id={`profile-${spec.name}`} label={spec.label} type={spec.type} autoComplete={spec.autoComplete} placeholder={spec.placeholder} hint={spec.hint} />
      )}
    </form.AppField>
  );

  const busy = stage !== null;
  return (
    <form noValidate aria-busy={busy} className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" onSubmit={submitWithoutReload(form)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-name" label="Name">
          {(control) => <Input {...control} value={user.name} readOnly className={readOnlyClass} />}
        </Field>
        <Field id="profile-email" label="Email">
          {(control) => <Input {...control} type="email" value={user.email} readOnly className={readOnlyClass} />}
        </Field>
      </div>
      {TEXT_FIELDS.map(textField)}
      <details open={moreOpen} onToggle={(event) => setMoreOpen(event.currentTarget.open)} className="rounded-md border border-slate-200 px-4 py-2">
        <summary className="cursor-pointer py-1 font-semibold text-slate-900">{labels.moreAboutYou}</summary>
        <div className="mt-3 space-y-4">{MORE_FIELDS.map(textField)}</div>
      </details>
      <form.AppField name="image" validators={checkOnChangeBlurSubmit(({ value }: { value: PickedImage | null }) => imageProblem(value))}>
        {(field) => {
          const error = fieldError(field);
          return (
            <div className="flex items-start gap-4">
              {preview && !error ? (
                <img src={preview} alt="" className="h-16 w-16 shrink-0 rounded-full object-cover" />
              ) : (
                <Avatar name={user.name} imageUrl={currentImage || undefined} className="h-16 w-16 text-xl" />
              )}
              <div className="min-w-0 flex-1">
                <Field id="profile-image" label="Photo" hint={currentImage ? `${labels.profileImageHint} ${labels.keepPhotoHint}` : labels.profileImageHint} error={error}>
                  {(control) => (
                    <input
                      {...control}
                      type="file"
                      accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
                      className={`${fileInputClass} ${error ? 'border-red-700' : 'border-slate-400'}`}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        setPreview(null);
                        if (!file) {
                          field.handleChange(null);
                          checkOnBlur(field)();
                          return;
                        }
                        void pickImage(file).then(async (picked) => {
                          field.handleChange(picked);
                          checkOnBlur(field)();
                          if (!imageProblem(picked)) setPreview(await previewOf(file).catch(() => null));
                        });
                      }}
                    />
                  )}
                </Field>
              </div>
            </div>
          );
        }}
      </form.AppField>
      {busy ? <Spinner label={stage === 'uploading' ? webMessages.uploadingImage : webMessages.savingProfile} /> : null}
      <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
        {labels.saveProfile}
      </Button>
    </form>
  );
}
