/**
 * The theme's logo: an image uploaded through the media pipeline (owner `branding`, staff
 * only), kept in the draft as its media id until the section is saved. The preview shows
 * the draft's image, else the logo address given.
 */
import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiRequestError } from '../../api/client.ts';
import { uploadImage } from '../../api/media.ts';
import { logoSrc } from '../../app/publicSettings.ts';
import { BRANDING_OWNER_ID } from '../../domain/catalogValues.ts';
import { IMAGE_TYPES, logoUrl } from '../../domain/media.ts';
import { Field } from '../ui/fields/Field.tsx';

export function LogoField({ label, errors, mediaId, url, onChange }: {
  label: ReactNode;
  errors: string[] | undefined;
  mediaId: string | null;
  url: string | null;
  onChange: (mediaId: string | null) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const shown = logoUrl({ logo_media_id: mediaId, logo_url: url });

  const upload = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      const [media] = await uploadImage({ ownerType: 'branding', ownerId: BRANDING_OWNER_ID }, file, () => undefined, new AbortController().signal);
      if (media) onChange(media.id);
    } catch (error) {
      setUploadError(error instanceof ApiRequestError ? error.detail : String(error));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <Field label={label} errors={uploadError ? [...(errors ?? []), uploadError] : errors} hint={<FormattedMessage id="settings.theme.logoHint" />}>
      {(control) => (
        <div className="settings-logo">
          {shown && <img src={logoSrc(shown)} alt="" className="settings-logo-preview" />}
          <input {...control} ref={fileRef} type="file" accept={IMAGE_TYPES.join(',')} disabled={uploading}
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
          {uploading && <p className="field-hint" role="status"><FormattedMessage id="settings.theme.logoUploading" /></p>}
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
