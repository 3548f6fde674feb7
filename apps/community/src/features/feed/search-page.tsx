import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { BackBar } from '../../components/top-bar';
import { useFeedSearch } from './api';
import { PostList } from './post-list';

const DEBOUNCE_MS = 300;

/**
 * Buscar (from Inicio): the posts the seller can see whose text or author contains what they type,
 * accent-insensitive, searched on the server and paged like the feed. The text stays in the address
 * (?q=), so going back to a post returns to the same results.
 */
export default function SearchPage() {
  const params = new URLSearchParams(useSearch());
  const [text, setText] = useState(params.get('q') ?? '');
  const [q, setQ] = useState(text.trim());

  useEffect(() => {
    const timer = setTimeout(() => {
      const next = text.trim();
      setQ(next);
      const url = new URL(window.location.href);
      if (next) url.searchParams.set('q', next);
      else url.searchParams.delete('q');
      history.replaceState(history.state, '', url);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const results = useFeedSearch(q);

  return (
    <main className="screen">
      <BackBar title="Buscar" href="/" label="Volver al inicio" />
      <search className="search-box">
        <form className="search-box__form" onSubmit={(e) => e.preventDefault()}>
          <IconSearch size={20} aria-hidden />
          <label htmlFor="search-input" className="visually-hidden">
            Buscar publicaciones
          </label>
          <input
            id="search-input"
            type="search"
            value={text}
            maxLength={200}
            placeholder="Buscar por texto o autor…"
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => setText(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the seller opened this screen to type a search.
            autoFocus
          />
        </form>
      </search>
      {q ? (
        <PostList query={results} empty={<p>No hay publicaciones que coincidan con «{q}».</p>} />
      ) : (
        <p className="muted section-empty">Escribí una palabra o el nombre de quien publicó.</p>
      )}
    </main>
  );
}
