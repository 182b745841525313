// Tab 74's two views: the GenAI spend and the Services section (issue 33 item 6).
const VIEWS = [
  { id: 'usage', label: 'GenAI usage' },
  { id: 'services', label: 'Services' },
] as const;
export type View = (typeof VIEWS)[number]['id'];

/** Switches tab 74 between the spend and the Services section (the tab catalogue has no id for a page of its own). */
export function ViewSwitch({ view, onView }: { view: View; onView: (view: View) => void }) {
  return (
    <fieldset className="flex rounded-xl border border-line bg-page p-1">
      <legend className="sr-only">Data Analytics view</legend>
      {VIEWS.map((v) => (
        <button
          key={v.id}
          type="button"
          aria-pressed={view === v.id}
          onClick={() => onView(v.id)}
          className={`rounded-lg px-3 py-1.5 font-medium text-sm ${view === v.id ? 'bg-surface-strong text-fg' : 'text-fg-muted hover:text-fg'}`}
        >
          {v.label}
        </button>
      ))}
    </fieldset>
  );
}
