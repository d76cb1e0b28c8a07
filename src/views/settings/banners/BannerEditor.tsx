import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { banners } from '../../../../common/collections.ts';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { I18nTextField } from '../../ui/fields/I18nTextField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { localized } from '../../ui/format.ts';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { RecordHistory } from '../../ui/RecordHistory.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import { BANNER_DEFAULTS, bannerState, type BannerRow } from './bannersScreen.ts';

const uploadBannerImage = defineCommand({ command: 'mediaUpload' });

/**
 * A banner beside the list, with a preview as the customer app shows it. Its image is an
 * address, or a file sent through the media pipeline once the banner exists (the pipeline
 * files an image under its owner).
 */
export function BannerEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const editor = useRecordEditor({ resource: banners.name, id, defaults: BANNER_DEFAULTS, limits: banners.fields, onClose });
  const { context, field, set, value } = editor;
  usePageTitle(id === null ? intl.formatMessage({ id: 'settings.banner.new' }) : context.record ? localized(context.record.title_i18n, intl.locale) || null : null);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useCommand(uploadBannerImage, {
    fixed: { ownerType: 'banner', ownerId: id ?? '' },
    onDone: (media) => {
      // The customer app needs a full address; the API serves the file at this one.
      if (media[0]) set('image_url', new URL(media[0].url, location.origin).href);
      // Ready for another file.
      upload.again();
    },
  });
  const uploadError = upload.error ?? Object.values(upload.fieldErrors).flat()[0] ?? null;
  const draft = { ...(context.record ?? {}), ...context.draft } as unknown as BannerRow;
  const previewLocale = draft.locale === 'all' ? intl.locale.slice(0, 2) : draft.locale;

  const choose = (file: File) => {
    upload.set({ file });
    upload.submit();
    // The same file may be chosen again after a refusal.
    if (fileRef.current) fileRef.current.value = '';
  };

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <bdi>{localized(r.title_i18n, intl.locale) || '—'}</bdi> · <FormattedMessage id={`settings.banner.localeOption.${String(r.locale)}`} /> ·{' '}
        <FormattedMessage id={`settings.banner.status.${bannerState(r as unknown as BannerRow)}`} />
      </>
    ) : (
      '—'
    );

  return (
    <RecordEditorPanel
      editor={editor}
      className="banner-editor"
      heading={<FormattedMessage id={id === null ? 'settings.banner.new' : 'settings.banner.edit'} />}
      summary={summary}
      closeLabel="settings.banner.close"
      onClose={onClose}
      focusHeading
    >
      <figure className="banner-preview" aria-labelledby="banner-preview-caption">
        <figcaption id="banner-preview-caption">
          <FormattedMessage id="settings.banner.preview" />{' '}
          <FormattedMessage id={`settings.banner.status.${bannerState(draft)}`} />
        </figcaption>
        <div className="banner-preview-frame" lang={previewLocale} dir={previewLocale === 'ar' ? 'rtl' : 'ltr'}>
          {draft.image_url ? <img src={draft.image_url} alt="" /> : <span className="muted"><FormattedMessage id="settings.banner.noImage" /></span>}
          {localized(draft.title_i18n, previewLocale) && <span className="banner-preview-title">{localized(draft.title_i18n, previewLocale)}</span>}
        </div>
      </figure>
      <TextField {...field.text('image_url')} type="url" dir="ltr" label={<FormattedMessage id="settings.banner.image_url" />} />
      {id !== null && (
        <div className="field">
          <label className="field-label" htmlFor="banner-upload">
            <FormattedMessage id="settings.banner.upload" />
          </label>
          <input id="banner-upload" ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" disabled={upload.busy}
            onChange={(e) => e.target.files?.[0] && choose(e.target.files[0])} />
          {upload.busy && <p className="field-hint" role="status"><FormattedMessage id="settings.banner.uploading" /></p>}
          {uploadError && <p className="field-error" role="alert"><ErrorText text={uploadError} /></p>}
        </div>
      )}
      <TextField {...field.text('link_url')} value={String(value('link_url') ?? '')} onChange={(v) => set('link_url', v.trim() === '' ? null : v)} type="url" dir="ltr"
        label={<FormattedMessage id="settings.banner.link_url" />} />
      <I18nTextField {...field.i18n('title_i18n')} requiredLanguages={[]} label={<FormattedMessage id="settings.banner.title_i18n" />} />
      <div className="form-grid">
        <SelectField {...field.select('locale')} label={<FormattedMessage id="settings.banner.locale" />} options={banners.fields.locale.enum} labelPrefix="settings.banner.localeOption" />
        <NumberField {...field.number('sort_order')} label={<FormattedMessage id="settings.banner.sort_order" />} />
      </div>
      <div className="form-grid">
        <DateTimeField {...field.date('starts_at')} mode="datetime" label={<FormattedMessage id="settings.banner.starts_at" />} />
        <DateTimeField {...field.date('ends_at')} mode="datetime" label={<FormattedMessage id="settings.banner.ends_at" />} />
      </div>
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="settings.banner.activeLabel" />} />
      {id !== null && (
        <RecordHistory entity="banners" id={id} version={Number(context.record?.version ?? 0)} title={<FormattedMessage id="settings.history" />} />
      )}
    </RecordEditorPanel>
  );
}
