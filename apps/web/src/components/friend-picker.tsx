import { useId, useState, type FormEvent } from 'react';

/**
 * "Add a friend" to something (a group conversation, a group of friends): a labelled select of
 * the candidates and a submit button. `onPick` gets the chosen id and a `done` to call once the
 * change went through, which empties the choice again.
 */
export function FriendPicker({
  candidates,
  className,
  texts,
  busy,
  onPick,
}: {
  candidates: readonly { id: number; nickname: string }[];
  className: string;
  texts: { label: string; choose: string; submit: string };
  busy: boolean;
  onPick: (userId: number, done: () => void) => void;
}) {
  const id = useId();
  const [picked, setPicked] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (picked) onPick(Number(picked), () => setPicked(''));
  };
  return (
    <form className={className} onSubmit={submit}>
      <div className="select-field">
        <label htmlFor={`${id}-add`}>{texts.label}</label>
        <select id={`${id}-add`} className="native-select" value={picked} onChange={(e) => setPicked(e.target.value)}>
          <option value="">{texts.choose}</option>
          {candidates.map((f) => (
            <option key={f.id} value={String(f.id)}>
              {f.nickname}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="app-button app-button-outline" disabled={!picked || busy}>
        {texts.submit}
      </button>
    </form>
  );
}
