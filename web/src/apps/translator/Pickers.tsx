import type { TranslationMethod, TranslationMethodInfo } from '@hangar/contract';
import { type ReactNode, useId } from 'react';
import { TRANSLATOR_TEXTS } from './texts';

const fieldClass =
  'w-full rounded-xl border border-line bg-page px-3 py-2 text-sm text-fg disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-accent';

function Field({ label, children, note }: { label: string; children: (id: string) => ReactNode; note?: ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block font-medium text-sm">
        {label}
      </label>
      {children(id)}
      {note}
    </div>
  );
}

interface PickersProps {
  /** Methods offered for the selected file (empty before a file is chosen). */
  offered: readonly TranslationMethodInfo[];
  method: TranslationMethod | '';
  onMethod: (method: TranslationMethod) => void;
  languages: Readonly<Record<string, string>>;
  source: string;
  onSource: (code: string) => void;
  target: string;
  onTarget: (code: string) => void;
  disabled: boolean;
}

/** Method, original language (GoogleTranslate only) and translation language, with the spec's placeholders. */
export function Pickers({ offered, method, onMethod, languages, source, onSource, target, onTarget, disabled }: PickersProps) {
  const info = offered.find((m) => m.method === method);
  const targets = info?.targets.filter((code) => code in languages) ?? [];
  const missing = info ? Object.keys(languages).filter((code) => !info.targets.includes(code)) : [];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={TRANSLATOR_TEXTS.methodLabel}>
        {(id) => (
          <select
            id={id}
            value={method}
            disabled={disabled || offered.length === 0}
            onChange={(event) => onMethod(event.target.value as TranslationMethod)}
            className={fieldClass}
          >
            <option value="" disabled>
              {TRANSLATOR_TEXTS.methodPlaceholder}
            </option>
            {offered.map((m) => (
              <option key={m.method} value={m.method} disabled={!m.available}>
                {m.available ? m.label : `${m.label} (${TRANSLATOR_TEXTS.unavailable.toLowerCase()}: ${m.why ?? 'not configured'})`}
              </option>
            ))}
          </select>
        )}
      </Field>
      {info?.takesSource && (
        <Field label={TRANSLATOR_TEXTS.sourceLabel}>
          {(id) => (
            <select id={id} value={source} disabled={disabled} onChange={(event) => onSource(event.target.value)} className={fieldClass}>
              <option value="">{TRANSLATOR_TEXTS.sourcePlaceholder}</option>
              {Object.entries(languages).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field
        label={TRANSLATOR_TEXTS.targetLabel}
        note={
          missing.length > 0 && (
            <p className="text-fg-muted text-xs">{TRANSLATOR_TEXTS.notWithMethod(missing.map((code) => languages[code]).join(', '))}</p>
          )
        }
      >
        {(id) => (
          <select
            id={id}
            value={target}
            disabled={disabled || !info}
            onChange={(event) => onTarget(event.target.value)}
            className={fieldClass}
          >
            <option value="" disabled>
              {TRANSLATOR_TEXTS.targetPlaceholder}
            </option>
            {targets.map((code) => (
              <option key={code} value={code}>
                {languages[code]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
