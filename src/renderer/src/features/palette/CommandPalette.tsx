import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { commandsFor, type Command } from './commands';
import { useDirectory } from '../directory/index';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Sheet } from '../../ui/Sheet';

/** Ctrl+K (⌘K): every action by name, and any loaded conversation by visitor, text or number. */
export function CommandPalette() {
  const open = usePerch((s) => s.sheet === 'palette');
  if (!open) return null;
  return <Palette />;
}

function Palette() {
  const state = usePerch();
  const channels = useDirectory((s) => s.channelsByAccount);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Where the pointer was first seen since the palette opened. A pointer resting over the list
  // (the browser reports it as it lays the list out) must not choose what Enter runs.
  const pointerAt = useRef<{ x: number; y: number } | null>(null);
  const pointerMoved = useRef(false);
  const commands = useMemo(() => commandsFor(state, channels, query), [state, channels, query]);
  // The palette finds conversations by what Perch has read too: main is asked about its words.
  const searchRead = state.searchRead;
  useEffect(() => {
    if (query.trim().length >= 2) void searchRead(query);
  }, [query, searchRead]);
  // Focus comes back to where it was, unless the command moved it somewhere on purpose.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    input.current?.focus();
    return () => {
      setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null) previous?.focus();
      }, 0);
    };
  }, []);
  useEffect(() => {
    setActive(0);
  }, [query]);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => state.closeSheet('palette');
  const run = (command: Command | undefined) => {
    if (!command) return;
    close();
    command.run();
  };
  const onPointerMove = (event: MouseEvent, i: number) => {
    const start = pointerAt.current;
    if (!pointerMoved.current) {
      const moved =
        event.movementX !== 0 ||
        event.movementY !== 0 ||
        (start !== null && (start.x !== event.screenX || start.y !== event.screenY));
      if (start === null) pointerAt.current = { x: event.screenX, y: event.screenY };
      if (!moved) return;
      pointerMoved.current = true;
    }
    if (i !== active) setActive(i);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (commands.length ? (i + step + commands.length) % commands.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(commands[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  return (
    <Sheet className="palette" backdropClassName="palette-backdrop" label={t('palette.title')} onClose={close}>
      <input
        ref={input}
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-activedescendant={commands[active] ? `palette-${commands[active].id}` : undefined}
        aria-label={t('palette.title')}
        placeholder={t('palette.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul id="palette-list" role="listbox" ref={list} aria-label={t('palette.title')}>
        {commands.length === 0 ? <li className="muted palette-empty">{t('palette.nothing')}</li> : null}
        {commands.map((command, i) => (
          <li
            key={command.id}
            id={`palette-${command.id}`}
            role="option"
            aria-selected={i === active}
            onMouseMove={(e) => onPointerMove(e, i)}
            onClick={() => run(command)}
          >
            <span className="palette-title">{command.title}</span>
            <span className="palette-group">{command.group}</span>
            {command.keys ? <kbd>{command.keys}</kbd> : null}
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
