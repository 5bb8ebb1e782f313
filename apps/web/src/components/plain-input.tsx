import { useId } from 'react';

/**
 * A labelled native text input for the place and list pages (search, names, notes): no form
 * library, no ion-input (which would otherwise be split into a chunk of its own, named in the
 * first bundle's preload lists).
 */
export function PlainInput({
  label,
  value,
  onValue,
  type = 'text',
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'search';
}) {
  const id = useId();
  return (
    <div className="plain-input">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} onChange={(e) => onValue(e.target.value)} />
    </div>
  );
}
