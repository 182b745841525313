import { useQuery } from '@tanstack/react-query';
import { Search, UserRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Spinner } from '../../../ui/Spinner';
import { type AdminUserView, adminErrorText, adminKeys, listUsers } from '../api';
import { useDebounced } from './parts';
import { fieldClass, labelClass } from './styles';

interface UserPickerProps {
  label: string;
  selected: AdminUserView | null;
  onSelect: (user: AdminUserView | null) => void;
  placeholder?: string;
  /** How many matches to list. */
  limit?: number;
}

/**
 * Picks one user by searching the users route (email or name). Results are real buttons; the
 * chosen user shows as a chip with a button to pick someone else.
 */
export function UserPicker({ label, selected, onSelect, placeholder = 'Search by email or name', limit = 8 }: UserPickerProps) {
  const id = useId();
  const resultsId = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 250);
  const params = { q, pageSize: limit, sort: 'email' as const, order: 'asc' as const, page: 1 };
  const search = useQuery({
    queryKey: adminKeys.userList(params),
    queryFn: () => listUsers(params),
    enabled: q.length >= 2 && !selected,
    staleTime: 30_000,
  });

  if (selected) {
    return (
      <div>
        <span className={labelClass}>{label}</span>
        <div className="flex min-w-0 items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2">
          <UserRound className="size-4 shrink-0 text-fg-subtle" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-sm" title={selected.name}>
              {selected.name}
            </p>
            <p className="truncate text-fg-muted text-xs" title={selected.email}>
              {selected.email}
              {selected.bu ? ` · ${selected.bu}` : ''}
            </p>
          </div>
          <button
            type="button"
            onClick={() => {
              onSelect(null);
              setText('');
            }}
            aria-label={`Choose another user than ${selected.email}`}
            title="Choose another user"
            className="rounded-lg p-1 text-fg-muted hover:bg-surface-strong hover:text-fg"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      </div>
    );
  }

  const users = search.data?.users ?? [];
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          aria-controls={resultsId}
          autoComplete="off"
          className={`${fieldClass} pl-9`}
        />
      </div>
      <div id={resultsId} aria-live="polite">
        {q.length >= 2 && (
          <div className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-line bg-page">
            {search.isPending ? (
              <div className="px-3 py-3">
                <Spinner label="Searching..." className="size-4" />
              </div>
            ) : search.isError ? (
              <p role="alert" className="px-3 py-3 text-red-700 text-sm dark:text-red-300">
                {adminErrorText(search.error)}
              </p>
            ) : users.length === 0 ? (
              <p className="px-3 py-3 text-fg-muted text-sm">No user matches “{q}”.</p>
            ) : (
              <ul aria-label="Matching users">
                {users.map((user) => (
                  <li key={user.id}>
                    <button
                      type="button"
                      onClick={() => {
                        onSelect(user);
                        setText('');
                      }}
                      className="flex w-full min-w-0 items-center gap-3 px-3 py-2 text-left hover:bg-surface"
                    >
                      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-white text-xs dark:bg-surface-strong">
                        {(user.name.trim()[0] ?? '?').toUpperCase()}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-sm" title={user.name}>
                          {user.name}
                        </span>
                        <span className="block truncate text-fg-muted text-xs" title={user.email}>
                          {user.email}
                          {user.bu ? ` · ${user.bu}` : ''}
                          {user.disabled ? ' · disabled' : ''}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {q.length < 2 && text.trim().length > 0 && <p className="mt-1 text-fg-subtle text-xs">Type at least 2 characters.</p>}
      </div>
    </div>
  );
}
