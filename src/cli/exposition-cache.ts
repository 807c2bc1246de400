// The text a scrape of /metrics answers, with each metric's lines kept from one scrape to the next while its
// samples are the same. Prometheus scrapes every 15 s and a watch's rounds come every 60 s, so most scrapes
// find every maintainer's, node's and token's series as the last one left them; formatting them again (~200
// labelled lines, with the code gone cold in 15 s asleep) was most of a scrape's CPU and a fifth of an idle
// watch's. The lines are prom-client's own: a metric that changed is rendered by a registry, from the very
// samples it is then kept under.
//
// A metric's samples can only change when the watch changes what they are read from (a poll's end, an event, a
// webhook given up), so a scrape whose `stamp` (the watch's count of such changes) is the one a metric's lines
// were kept under answers those lines without asking the metric at all: its get() (the collects that draw the
// series again, each label hashed and compared) was most of what was left of a scrape between rounds. A metric
// named `live` reads the clock (how long a transfer has waited) and is asked at every scrape.
import { Registry, type Metric, type MetricObjectWithValues, type MetricValue } from 'prom-client'
import { jsonEqual } from '@shared/json-diff'
import type { JsonValue } from '@shared/schemas/vault'

/** A sample as a metric's get() hands it; a histogram's carry the name of their line (…_bucket, …_sum). */
type Sample = MetricValue<string> & { metricName?: string; exemplar?: unknown }
type Snapshot = MetricObjectWithValues<Sample>

interface Rendered {
  /** the stamp of the scrape that last made or found these lines */
  stamp: unknown
  samples: { value: number; metricName: string | undefined; labels: Readonly<Record<string, unknown>>; exemplar: unknown }[]
  text: string
}

/** Whether `samples` render as `last` did: the same lines, in the same order, with the same values. */
function unchanged(last: Rendered, samples: readonly Sample[]): boolean {
  return (
    last.samples.length === samples.length &&
    last.samples.every((s, i) => {
      const now = samples[i] as Sample
      return (
        Object.is(s.value, now.value) &&
        s.metricName === now.metricName &&
        s.exemplar === now.exemplar &&
        // a label's value is a string or a number: JSON's equality is theirs
        jsonEqual(s.labels as JsonValue, now.labels as JsonValue)
      )
    })
  )
}

export interface ExpositionStamps {
  /** changes whenever anything a metric is read from may have (compared with ===); absent, every metric is asked */
  stamp(): unknown
  /** metrics whose samples move with the clock, asked at every scrape */
  live: ReadonlySet<string>
}

export class ExpositionCache {
  private readonly rendered = new Map<string, Rendered>()

  constructor(
    private readonly registry: Registry,
    private readonly stamps?: ExpositionStamps
  ) {}

  /** The exposition as `registry.metrics()` answers it now. */
  async text(): Promise<string> {
    // getMetricsAsArray's type leaves out get(), which every metric a Registry holds has
    const metrics = this.registry.getMetricsAsArray() as unknown as (Metric & { name: string })[]
    const stamp = this.stamps?.stamp()
    const parts = await Promise.all(metrics.map((m) => this.part(m, stamp)))
    // prom-client's own layout of the text format: metrics a blank line apart, a newline at the end
    return `${parts.join('\n\n')}\n`
  }

  private async part(metric: Metric & { name: string }, stamp: unknown): Promise<string> {
    const kept = this.rendered.get(metric.name)
    if (this.stamps && kept && kept.stamp === stamp && !this.stamps.live.has(metric.name)) return kept.text
    const snapshot = (await metric.get()) as Snapshot
    const last = this.rendered.get(snapshot.name)
    if (last && unchanged(last, snapshot.values)) {
      last.stamp = stamp
      return last.text
    }
    const text = await this.render(snapshot)
    this.rendered.set(snapshot.name, {
      stamp,
      samples: snapshot.values.map((s) => ({ value: s.value, metricName: s.metricName, labels: s.labels, exemplar: s.exemplar })),
      text
    })
    return text
  }

  /**
   * The lines of `snapshot`, in prom-client's own formatting, without running the metric's collect again: a
   * registry of its own (two scrapes may render the same metric at once) holds a metric whose get() answers it.
   */
  private render(snapshot: Snapshot): Promise<string> {
    const scratch = new Registry()
    scratch.setContentType(this.registry.contentType)
    scratch.registerMetric({ name: snapshot.name, get: () => Promise.resolve(snapshot) } as unknown as Metric)
    return scratch.getSingleMetricAsString(snapshot.name)
  }
}
