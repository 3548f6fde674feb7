/**
 * The HTTP answers' metrics, counted per route without work per answer beyond a few additions:
 * `panel_http_requests_total{method,route,status}` and `panel_http_request_duration_seconds{method,route}`.
 *
 * prom-client's Counter and Histogram take a labels object on every call and hash it to find their
 * series (about 1 µs a request for the two of them, measured); here each route holds its own series,
 * found once when the route is registered, and the registry reads them at scrape time through the
 * interface it asks of a metric (`name`, `help`, `type`, `get()`). The text is exactly prom-client's
 * for the same answers (`http-metrics.test.ts` compares both).
 */

/** One method of one route: answers by status, and the duration histogram. */
interface Series {
  labels: { method: string; route: string };
  /** Answers by status: the entries are also in `HttpMetrics.answers`, in the order first seen. */
  statuses: Map<number, { labels: Record<string, string>; value: number }>;
  /** Answers per bucket (not cumulative), the last one for "+Inf". */
  buckets: number[];
  sum: number;
  count: number;
}

type Value = {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
  /** Labels the registry writes once per object and caches (prom-client keys its cache by the object). */
  sharedLabels?: Record<string, string>;
};
const NO_LABELS = Object.freeze({});
const INFINITY = Object.freeze({ le: '+Inf' });

export interface ScrapedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; values: Value[]; aggregator: 'sum' }>;
}

export class HttpMetrics {
  private readonly all: Series[] = [];
  private readonly answers: { labels: Record<string, string>; value: number }[] = [];
  private readonly byRoute = new Map<string, Map<string, Series>>();

  constructor(
    private readonly names: { requests: string; duration: string },
    private readonly help: { requests: string; duration: string },
    private readonly bounds: readonly number[],
  ) {
    this.les = bounds.map((le) => Object.freeze({ le }));
  }

  /** The `le` label of each bucket, one object each (the registry caches nothing for them). */
  private readonly les: Readonly<{ le: number }>[];

  /**
   * The recorder of one route's answers, for its `onResponse` hook: the route's series are found
   * here once, its method's on the first answer.
   */
  recorderFor(route: string): (method: string, status: number, seconds: number) => void {
    let methods = this.byRoute.get(route);
    if (!methods) {
      methods = new Map();
      this.byRoute.set(route, methods);
    }
    const byMethod = methods;
    return (method, status, seconds) => {
      let series = byMethod.get(method);
      if (!series) {
        series = {
          labels: { method, route },
          statuses: new Map(),
          buckets: this.bounds.map(() => 0).concat(0),
          sum: 0,
          count: 0,
        };
        byMethod.set(method, series);
        this.all.push(series);
      }
      let answers = series.statuses.get(status);
      if (!answers) {
        answers = { labels: { ...series.labels, status: String(status) }, value: 0 };
        series.statuses.set(status, answers);
        this.answers.push(answers);
      }
      answers.value += 1;
      let bucket = 0;
      while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket++;
      series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
      series.sum += seconds;
      series.count += 1;
    };
  }

  /** The two metrics, to register in a prom-client Registry (`registry.registerMetric`). */
  metrics(): ScrapedMetric[] {
    const requests = {
      name: this.names.requests,
      help: this.help.requests,
      type: 'counter' as const,
      values: (): Value[] =>
        this.answers.map(({ labels, value }) => ({ labels: NO_LABELS, value, sharedLabels: labels })),
    };
    const durationName = this.names.duration;
    const bucketName = `${durationName}_bucket`;
    const duration = {
      name: durationName,
      help: this.help.duration,
      type: 'histogram' as const,
      values: (): Value[] =>
        this.all.flatMap((series) => {
          let cumulative = 0;
          const shared = series.labels;
          const buckets: Value[] = this.les.map((labels, i) => {
            cumulative += series.buckets[i] as number;
            return { labels, value: cumulative, metricName: bucketName, sharedLabels: shared };
          });
          return [
            ...buckets,
            { labels: INFINITY, value: series.count, metricName: bucketName, sharedLabels: shared },
            { labels: NO_LABELS, value: series.sum, metricName: `${durationName}_sum`, sharedLabels: shared },
            {
              labels: NO_LABELS,
              value: series.count,
              metricName: `${durationName}_count`,
              sharedLabels: shared,
            },
          ];
        }),
    };
    return [requests, duration].map(({ values, ...metric }) => ({
      ...metric,
      aggregator: 'sum' as const,
      get: async () => ({ ...metric, values: values(), aggregator: 'sum' as const }),
    }));
  }
}
