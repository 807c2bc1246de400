// The text a scrape of /metrics answers, with each metric's lines kept from one scrape to the next while its
// samples are the same. Prometheus scrapes every 15 s and a watch's rounds come every 60 s, so most scrapes
// find every maintainer's, node's and token's series as the last one left them; formatting them again (~200
// labelled lines, with the code gone cold in 15 s asleep) was most of a scrape's CPU and a fifth of an idle
// watch's. The lines are prom-client's own: a metric that changed is rendered by a registry, from the very
// samples it is then kept under.
import { Registry, type Metric, type MetricObjectWithValues, type MetricValue } from 'prom-client'
import { jsonEqual } from '@shared/json-diff'
import type { JsonValue } from '@shared/schemas/vault'

/** A sample as a metric's get() hands it; a histogram's carry the name of their line (…_bucket, …_sum). */
type Sample = MetricValue<string> & { metricName?: string; exemplar?: unknown }
type Snapshot = MetricObjectWithValues<Sample>

interface Rendered {
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

export class ExpositionCache {
  private readonly rendered = new Map<string, Rendered>()

  constructor(private readonly registry: Registry) {}

  /** The exposition as `registry.metrics()` answers it now. */
  async text(): Promise<string> {
    // getMetricsAsArray's type leaves out get(), which every metric a Registry holds has
    const metrics = this.registry.getMetricsAsArray() as unknown as Metric[]
    const parts = await Promise.all(metrics.map((m) => this.part(m)))
    // prom-client's own layout of the text format: metrics a blank line apart, a newline at the end
    return `${parts.join('\n\n')}\n`
  }

  private async part(metric: Metric): Promise<string> {
    const snapshot = (await metric.get()) as Snapshot
    const last = this.rendered.get(snapshot.name)
    if (last && unchanged(last, snapshot.values)) return last.text
    const text = await this.render(snapshot)
    this.rendered.set(snapshot.name, {
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
