import { BUSINESS_UNITS } from '@hangar/contract';
import { Coins, LoaderCircle, UserPen, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type AdminUserView, adminErrorText, type NewUser, type UserPatch } from '../api';
import { Dialog } from '../ui/Dialog';
import { Field, formatNumber } from '../ui/parts';
import { buttonClass, fieldClass } from '../ui/styles';

function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-900 text-sm dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      {adminErrorText(error)}
    </p>
  );
}

function Actions({ busy, label, onCancel, disabled }: { busy: boolean; label: string; onCancel: () => void; disabled?: boolean }) {
  return (
    <div className="flex justify-end gap-2 pt-1">
      <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
        Cancel
      </button>
      <button type="submit" disabled={busy || disabled} aria-busy={busy} className={buttonClass('primary')}>
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
        {label}
      </button>
    </div>
  );
}

/** Create a user, or edit one's name, BU, airport and credit limit. */
export function UserFormDialog({
  user,
  lockedBu,
  busy,
  error,
  onCreate,
  onUpdate,
  onClose,
}: {
  /** Null to create. */
  user: AdminUserView | null;
  /** A local admin's BU: new users go there and nobody moves out of it. */
  lockedBu: string | null;
  busy: boolean;
  error: unknown;
  onCreate: (user: NewUser) => void;
  onUpdate: (id: string, patch: UserPatch) => void;
  onClose: () => void;
}) {
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [bu, setBu] = useState(user?.bu ?? lockedBu ?? '');
  const [airport, setAirport] = useState(user?.airport ?? '');
  const [password, setPassword] = useState('');
  const [limit, setLimit] = useState(user ? String(user.creditLimit) : '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const buValue = bu || null;
    const airportValue = airport.trim().toUpperCase() || null;
    if (!user) {
      onCreate({
        email: email.trim(),
        name: name.trim(),
        bu: buValue,
        airport: airportValue,
        ...(password ? { password } : {}),
      });
      return;
    }
    const patch: UserPatch = {};
    if (name.trim() !== user.name) patch.name = name.trim();
    if (buValue !== user.bu) patch.bu = buValue;
    if (airportValue !== user.airport) patch.airport = airportValue;
    const limitValue = Number(limit);
    if (limit.trim() !== '' && limitValue !== user.creditLimit) patch.creditLimit = limitValue;
    if (Object.keys(patch).length === 0) return onClose();
    onUpdate(user.id, patch);
  }

  const Icon = user ? UserPen : UserPlus;
  return (
    <Dialog
      title={user ? `Edit ${user.name}` : 'New user'}
      onClose={onClose}
      icon={<Icon className="size-5 shrink-0 text-brand dark:text-accent" aria-hidden />}
    >
      <form onSubmit={submit} className="space-y-4 px-6 py-5">
        <Field label="Email">
          {(id) => (
            <input
              id={id}
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={Boolean(user)}
              autoComplete="off"
              className={fieldClass}
            />
          )}
        </Field>
        <Field label="Name">
          {(id) => <input id={id} required value={name} onChange={(event) => setName(event.target.value)} className={fieldClass} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Business unit">
            {(id) => (
              <select
                id={id}
                value={bu}
                onChange={(event) => setBu(event.target.value)}
                disabled={Boolean(lockedBu)}
                className={fieldClass}
              >
                <option value="">None (head office)</option>
                {BUSINESS_UNITS.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Airport" hint="A short code such as LGW">
            {(id) => (
              <input
                id={id}
                value={airport}
                onChange={(event) => setAirport(event.target.value)}
                maxLength={10}
                className={`${fieldClass} uppercase`}
              />
            )}
          </Field>
        </div>
        {user ? (
          <Field label="Credit limit" hint={`Remaining now: ${formatNumber(user.remainingCredit)} credits`}>
            {(id) => (
              <input
                id={id}
                type="number"
                min={0}
                step={1}
                value={limit}
                onChange={(event) => setLimit(event.target.value)}
                className={`${fieldClass} tabular-nums`}
              />
            )}
          </Field>
        ) : (
          <Field label="Password (optional)" hint="For the built-in sign-in only; at least 12 characters.">
            {(id) => (
              <input
                id={id}
                type="password"
                value={password}
                minLength={12}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="new-password"
                className={fieldClass}
              />
            )}
          </Field>
        )}
        <FormError error={error} />
        <Actions busy={busy} label={user ? 'Save changes' : 'Create user'} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Adds or removes credits, with the reason the ledger keeps. */
export function CreditsDialog({
  user,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  user: AdminUserView;
  busy: boolean;
  error: unknown;
  onSubmit: (delta: number, reason: string) => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('500');
  const [reason, setReason] = useState('');
  const value = Math.trunc(Number(amount));
  const valid = Number.isFinite(value) && value > 0 && reason.trim().length >= 3;
  const after = user.remainingCredit + (mode === 'add' ? value : -value);

  return (
    <Dialog
      title={`Adjust credits of ${user.name}`}
      onClose={onClose}
      icon={<Coins className="size-5 shrink-0 text-brand dark:text-accent" aria-hidden />}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSubmit(mode === 'add' ? value : -value, reason.trim());
        }}
        className="space-y-4 px-6 py-5"
      >
        <p className="text-fg-muted text-sm">
          Remaining: <span className="font-semibold text-fg tabular-nums">{formatNumber(user.remainingCredit)}</span> of{' '}
          {formatNumber(user.creditLimit)} credits.
        </p>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Direction</legend>
          {(['add', 'remove'] as const).map((option) => (
            <label
              key={option}
              className={`flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm ${
                mode === option ? 'border-accent bg-surface font-semibold' : 'border-line'
              }`}
            >
              <input
                type="radio"
                name="direction"
                value={option}
                checked={mode === option}
                onChange={() => setMode(option)}
                className="sr-only"
              />
              {option === 'add' ? 'Add credits' : 'Remove credits'}
            </label>
          ))}
        </fieldset>
        <Field label="Amount">
          {(id) => (
            <input
              id={id}
              type="number"
              min={1}
              step={1}
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className={`${fieldClass} tabular-nums`}
            />
          )}
        </Field>
        <Field label="Reason" hint="Kept in the credit ledger (at least 3 characters).">
          {(id) => (
            <textarea
              id={id}
              required
              rows={3}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              className={`${fieldClass} resize-y`}
            />
          )}
        </Field>
        {Number.isFinite(value) && value > 0 && (
          <p className={`text-sm ${after < 0 ? 'text-red-700 dark:text-red-300' : 'text-fg-muted'}`}>
            Balance after: <span className="font-semibold tabular-nums">{formatNumber(after)}</span>
            {after < 0 ? ' — the server refuses a balance below zero.' : ''}
          </p>
        )}
        <FormError error={error} />
        <Actions busy={busy} label="Apply" onCancel={onClose} disabled={!valid} />
      </form>
    </Dialog>
  );
}
