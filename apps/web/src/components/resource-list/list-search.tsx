import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

interface ListSearchProps {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  label: string;
}

/** The list's search box: sends the text ~300 ms after the last keystroke, and follows the URL back. */
export function ListSearch({ value, onSearch, placeholder, label }: ListSearchProps) {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);

  // The URL changed by itself (back/forward, a link): show what it says.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Limpiar búsqueda"
            onClick={() => {
              setText('');
              lastSent.current = '';
              onSearch('');
            }}
          />
        ) : null
      }
      style={{ flex: '1 1 16rem', minWidth: 0 }}
    />
  );
}
