/**
 * The theme's logo: an image uploaded through the media pipeline (owner `branding`, staff
 * only), kept in the draft as its media id until the section is saved. The preview shows
 * the draft's image, else the logo address given.
 */
import { useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { logoSrc } from '../../app/publicSettings.ts';
import { BRANDING_OWNER_ID } from '../../../common/catalogValues.ts';
import { IMAGE_TYPES, logoUrl } from '../../../common/media.ts';
import { defineCommand, useCommand } from '../ui/command.ts';
import { Field } from '../ui/fields/Field.tsx';

const uploadLogo = defineCommand({ command: 'mediaUpload' });

export function LogoField({ label, errors, mediaId, url, onChange }: {
  label: ReactNode;
  errors: string[] | undefined;
  mediaId: string | null;
  url: string | null;
  onChange: (mediaId: string | null) => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useCommand(uploadLogo, {
    fixed: { ownerType: 'branding', ownerId: BRANDING_OWNER_ID },
    onDone: (media) => {
      if (media[0]) onChange(media[0].id);
      // Ready for another file.
      upload.again();
    },
  });
  // The server's refusal: above all else, or at the file it names.
  const refusal = [...(upload.error ? [upload.error] : []), ...Object.values(upload.fieldErrors).flat()];
  const shown = logoUrl({ logo_media_id: mediaId, logo_url: url });

  const choose = (file: File) => {
    upload.set({ file });
    upload.submit();
    // The same file may be chosen again after a refusal.
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <Field label={label} errors={refusal.length > 0 ? [...(errors ?? []), ...refusal] : errors} hint={<FormattedMessage id="settings.theme.logoHint" />}>
      {(control) => (
        <div className="settings-logo">
          {shown && <img src={logoSrc(shown)} alt="" className="settings-logo-preview" />}
          <input {...control} ref={fileRef} type="file" accept={IMAGE_TYPES.join(',')} disabled={upload.busy}
            onChange={(e) => e.target.files?.[0] && choose(e.target.files[0])} />
          {upload.busy && <p className="field-hint" role="status"><FormattedMessage id="settings.theme.logoUploading" /></p>}
          {mediaId && (
            <button type="button" className="button button-ghost" onClick={() => onChange(null)}>
              <FormattedMessage id="settings.theme.logoRemove" />
            </button>
          )}
        </div>
      )}
    </Field>
  );
}
