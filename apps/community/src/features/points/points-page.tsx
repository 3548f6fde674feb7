import { IconTrophy } from '@tabler/icons-react';
import { Avatar } from '../../components/avatar';
import { LoadState } from '../../components/load-state';
import { Spinner } from '../../components/spinner';
import { TopBar } from '../../components/top-bar';
import { timeAgo } from '../../lib/time-ago';
import { useLeaderboard, useMyPoints, useTransactions } from './api';

const number = (n: number) => n.toLocaleString('es-AR');
const monthName = () => new Intl.DateTimeFormat('es-AR', { month: 'long' }).format(new Date());

function Summary() {
  const points = useMyPoints();
  const data = points.data?.data;
  return (
    <>
      <LoadState
        isPending={points.isPending}
        error={points.isError && !data ? points.error : null}
        fallback="Error al cargar tus puntos"
        onRetry={() => void points.refetch()}
      />
      {data && (
        <section className="stats" aria-label="Resumen de puntos">
          <div className="stat stat--main">
            <span className="stat__value">{number(data.total_points)}</span>
            <span className="stat__label">puntos en total</span>
          </div>
          <div className="stat">
            <span className="stat__value">{number(data.month_points)}</span>
            <span className="stat__label">este mes</span>
          </div>
          <div className="stat">
            <span className="stat__value">{data.branch_rank === null ? '–' : `${data.branch_rank}°`}</span>
            <span className="stat__label">
              {data.branch_rank === null
                ? 'sin puesto este mes'
                : `en tu sucursal, de ${data.branch_ranked_sellers}`}
            </span>
          </div>
        </section>
      )}
    </>
  );
}

function Leaderboard() {
  const board = useLeaderboard();
  const data = board.data?.data;
  const rows = data ? [...data.rows, ...(data.me ? [data.me] : [])] : [];
  return (
    <section className="card" aria-labelledby="leaderboard-title">
      <h2 id="leaderboard-title" className="card__title">
        <IconTrophy size={20} aria-hidden /> Ranking de {data?.branch_name ?? 'tu sucursal'} · {monthName()}
      </h2>
      {board.isPending && <Spinner />}
      {board.isError && !data && (
        <p className="alert alert--error" role="alert">
          Error al cargar leaderboard
        </p>
      )}
      {data && rows.length === 0 && <p className="muted">Nadie sumó puntos este mes todavía.</p>}
      <ol className="leaderboard">
        {rows.map((row, i) => (
          <li
            key={row.user_id}
            className={`leaderboard__row${row.is_me ? ' leaderboard__row--me' : ''}${data?.me && i === rows.length - 1 ? ' leaderboard__row--gap' : ''}`}
            aria-current={row.is_me ? 'true' : undefined}
          >
            <span className="leaderboard__rank">{row.rank}</span>
            <Avatar name={row.name} url={row.avatar_url} size={32} />
            <span className="leaderboard__name">
              {row.name}
              {row.is_me && <span className="chip chip--reward">Vos</span>}
            </span>
            <span className="leaderboard__points">{number(row.points)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function History() {
  const history = useTransactions();
  const items = history.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="card__title">
        Historial
      </h2>
      {history.isPending && <Spinner />}
      {history.isError && !history.data && (
        <p className="alert alert--error" role="alert">
          Error al cargar transacciones
        </p>
      )}
      {history.isSuccess && items.length === 0 && <p className="muted">Todavía no sumaste puntos.</p>}
      <ul className="history">
        {items.map((t) => (
          <li key={t.id} className="history__row">
            <div>
              <div className="history__what">{t.action?.name ?? t.description ?? 'Puntos'}</div>
              <time className="muted small" dateTime={t.created_at}>
                {timeAgo(t.created_at)}
              </time>
            </div>
            <span className={`history__points${t.points < 0 ? ' history__points--minus' : ''}`}>
              {t.points > 0 ? '+' : ''}
              {number(t.points)}
            </span>
          </li>
        ))}
      </ul>
      {history.hasNextPage && (
        <button
          type="button"
          className="button button--block button--small"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? 'Cargando…' : 'Ver más'}
        </button>
      )}
    </section>
  );
}

/** Mis puntos: total, this month and the rank in the branch; the branch's ranking; the history. */
export default function PointsPage() {
  return (
    <main className="screen">
      <TopBar title="Mis puntos" />
      <Summary />
      <Leaderboard />
      <History />
    </main>
  );
}
