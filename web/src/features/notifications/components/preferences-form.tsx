import {
  type EventKind,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LANGUAGES,
  type NotificationChannel,
  type NotificationLanguage,
  type NotificationPreferences,
} from '@ccsc/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MessageArea, type Notice, NoticeArea } from '../../../components/notice-area';
import { putServerErrors } from '../../../lib/server-field-errors';
import { useSavePreferences } from '../hooks/use-notification-preferences';
import { areasOf } from '../utils/preference-areas';

/** The form's values: the update call's own shape, so that a 400's `fields` name its fields. */
interface PreferenceValues {
  preferences: { kind: EventKind; channel: NotificationChannel }[];
  language: NotificationLanguage;
}

const valuesOf = (saved: NotificationPreferences): PreferenceValues => ({
  preferences: saved.preferences.map(({ kind, channel }) => ({ kind, channel })),
  language: saved.language,
});

/** The server's path of a problem (`preferences.3.channel`, `language`) as the form's field. */
const fieldOf = (path: string) => {
  if (path === 'language') return 'language' as const;
  const match = /^preferences\.(\d+)\.channel$/.exec(path);
  return match === null ? null : (`preferences.${Number(match[1])}.channel` as const);
};

/**
 * For each kind of event, grouped by what it is about: the console only, an e-mail at once, the
 * daily digest, or off — without Off, and saying why, for a kind the user cannot switch off (a
 * safety letter: the server's `locked`); then the language of the e-mails; Save sends them all.
 */
export const PreferencesForm = ({ saved }: { saved: NotificationPreferences }) => {
  const { t } = useTranslation();
  const id = useId();
  const save = useSavePreferences();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<PreferenceValues>({
    defaultValues: valuesOf(saved),
  });

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    setMessage(null);
    try {
      const answer = await save.mutateAsync(values);
      reset(valuesOf(answer));
      setNotice({ kind: 'success', text: t('notifications.preferences.saved') });
    } catch (error) {
      setMessage(
        putServerErrors(error, t('notifications.preferences.saveFailed'), fieldOf, setError),
      );
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={formState.isSubmitting}>
      <MessageArea message={message} />
      {areasOf(saved.preferences).map(({ area, kinds }) => (
        <section key={area} className="mb-4" aria-labelledby={`${id}-${area}`}>
          <h2 id={`${id}-${area}`} className="h5">
            {t(`notifications.area.${area}`)}
          </h2>
          {kinds.map(({ preference, index }) => {
            const legendId = `${id}-${String(index)}`;
            const lockedId = `${legendId}-locked`;
            const error = formState.errors.preferences?.[index]?.channel?.message;
            return (
              <fieldset
                key={preference.kind}
                className="border rounded p-2 mb-2"
                aria-describedby={preference.locked ? lockedId : undefined}
              >
                <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-1">
                  {t(`notifications.kind.${preference.kind}`)}
                </legend>
                {NOTIFICATION_CHANNELS.filter(
                  (channel) => !(preference.locked && channel === 'off'),
                ).map((channel) => (
                  <div key={channel} className="form-check form-check-inline">
                    <input
                      type="radio"
                      className="form-check-input border-secondary"
                      id={`${legendId}-${channel}`}
                      value={channel}
                      {...register(`preferences.${index}.channel`)}
                    />
                    <label className="form-check-label" htmlFor={`${legendId}-${channel}`}>
                      {t(`notifications.channel.${channel}`)}
                    </label>
                  </div>
                ))}
                {preference.locked && (
                  <p id={lockedId} className="small text-body-secondary mb-0 mt-1">
                    {t('notifications.preferences.locked')}
                  </p>
                )}
                {error !== undefined && (
                  <p className="small text-danger mb-0 mt-1" role="alert">
                    {error}
                  </p>
                )}
              </fieldset>
            );
          })}
        </section>
      ))}
      <div className="mb-3" style={{ maxWidth: '20rem' }}>
        <label className="form-label fw-semibold" htmlFor={`${id}-language`}>
          {t('notifications.preferences.language')}
        </label>
        <select className="form-select" id={`${id}-language`} {...register('language')}>
          {NOTIFICATION_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </select>
      </div>
      <NoticeArea notice={notice} />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting
          ? t('notifications.preferences.saving')
          : t('notifications.preferences.save')}
      </button>
    </form>
  );
};
