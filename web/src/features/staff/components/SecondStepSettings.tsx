import { useState } from 'react';
import { ROLES, secondStepTexts, staffTexts } from '@um/contract';
import type { Role } from '@um/contract';
import type { Notice } from '../../../components/ui/Banner';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { cardClasses } from '../../../components/ui/PageHeader';
import { errorDetail } from '../../../lib/api-client';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/second-step';

const texts = secondStepTexts.staff;

/**
 * Which roles must use a second step (docs/staff.md, "Second step"): a section of its own, so
 * the staff screen places it where its layout wants it.
 */
export function SecondStepSettings({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const [chosen, setChosen] = useState<Role[] | null>(null);
  const roles = chosen ?? settings.data?.mfa_required_roles ?? [];

  return (
    <section aria-labelledby="second-step-heading" className={`${cardClasses} mt-6 p-4 sm:p-6`}>
      <h2 id="second-step-heading" className="font-display text-lg font-semibold">
        {texts.settingsTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{texts.settingsHelp}</p>
      {settings.isError && (
        <Banner
          tone="error"
          message={texts.loadFailed}
          detail={errorDetail(settings.error)}
          className="mt-4"
        />
      )}
      {settings.data && (
        <form
          className="mt-4 space-y-3 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(roles, {
              onSuccess: () => {
                setChosen(null);
                onNotice({ tone: 'success', message: texts.saved });
              },
              onError: (error) =>
                onNotice({ tone: 'error', message: texts.saveFailed, detail: errorDetail(error) }),
            });
          }}
        >
          <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
            <legend className="sr-only">{texts.settingsTitle}</legend>
            {ROLES.map((role) => (
              <label key={role} className="inline-flex min-h-9 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={roles.includes(role)}
                  aria-label={texts.requireFor(staffTexts.roles[role])}
                  onChange={(event) =>
                    setChosen(
                      event.target.checked
                        ? [...roles, role]
                        : roles.filter((other) => other !== role),
                    )
                  }
                />
                {staffTexts.roles[role]}
              </label>
            ))}
          </fieldset>
          <p className="text-slate-600 dark:text-slate-400">
            {settings.data.chosen && settings.data.updated_at
              ? texts.lastChanged(
                  settings.data.updated_by ?? '',
                  new Date(settings.data.updated_at).toLocaleDateString(),
                )
              : texts.defaultNote}
          </p>
          <Button type="submit" size="sm" loading={save.isPending}>
            {texts.save}
          </Button>
        </form>
      )}
    </section>
  );
}
