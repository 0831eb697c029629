/**
 * A small SVG step chart of one selection's price over time, one line per bookmaker:
 * the best book drawn bold, a legend, a time axis in the user's time zone, and a time cursor
 * that shows every book's price at that moment. The cursor follows the pointer (hover, tap or
 * drag) and the keyboard: the chart is a slider over the moments a price changed (arrow keys,
 * Home, End). Drawn at the container's real width, so labels keep their size on a 360 px phone.
 */
import { type KeyboardEvent, type PointerEvent, useId, useMemo, useRef, useState } from 'react';
import { formatOdds } from '@shared/odds-math';
import { MATCH_MSG } from '@shared/match-messages';
import { clockLabel, dayLabel, momentLabel } from './time-labels';
import { useElementWidth } from './use-element-width';

export interface ChartPoint {
  at: number;
  value: number;
}

export interface ChartSeries {
  id: number;
  label: string;
  points: readonly ChartPoint[];
  /** Drawn bold and marked in the legend: the book with the best current price. */
  best: boolean;
  /** Legend text after the name, e.g. the opening → current prices. */
  note?: string;
}

interface PriceChartProps {
  series: readonly ChartSeries[];
  /** Names the chart, e.g. 'Home · 1X2'. */
  title: string;
  /** The right end of the time axis (ms): lines run on to it at their last price. */
  now: number;
  timeZone?: string;
}

/** Distinct on white and for the common colour-vision deficiencies; dashes tell them apart too. */
const COLORS = ['#0d6efd', '#d63384', '#198754', '#fd7e14', '#6f42c1', '#20c997', '#6c757d', '#0dcaf0'];
const DASHES = [undefined, '6 3', '2 3', '8 3 2 3', '4 4', undefined, '6 3', '2 3'];

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 26, left: 42 };
const MINUTE = 60_000;
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080].map((m) => m * MINUTE);
const VALUE_STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

const colorOf = (index: number) => COLORS[index % COLORS.length];

/** The price a series shows at `at`: its last change at or before then (undefined before its first). */
export function valueAt(points: readonly ChartPoint[], at: number): number | undefined {
  let found: number | undefined;
  for (const point of points) {
    if (point.at > at) break;
    found = point.value;
  }
  return found;
}

function niceStep(span: number, maxTicks: number, steps: readonly number[]): number {
  return steps.find((step) => span / step <= maxTicks) ?? steps[steps.length - 1]!;
}

export function PriceChart({ series, title, now, timeZone }: PriceChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = Math.max(260, useElementWidth(boxRef, 320));
  const hintId = useId();
  const [cursor, setCursor] = useState<number | null>(null);

  const model = useMemo(() => {
    const all = series.flatMap((s) => s.points);
    const times = [...new Set(all.map((p) => p.at))].sort((a, b) => a - b);
    const first = times[0] ?? now;
    const last = Math.max(now, times[times.length - 1] ?? now);
    const start = last - first < MINUTE ? last - 60 * MINUTE : first;
    const values = all.map((p) => p.value);
    let low = values.length ? Math.min(...values) : 1;
    let high = values.length ? Math.max(...values) : 2;
    if (high - low < 0.02) {
      low -= 0.05;
      high += 0.05;
    }
    const valueStep = niceStep(high - low, 5, VALUE_STEPS);
    const yMin = Math.max(1, Math.floor(low / valueStep) * valueStep);
    const yMax = Math.ceil(high / valueStep) * valueStep;
    return { times, start, end: last, yMin, yMax: yMax > yMin ? yMax : yMin + valueStep, valueStep };
  }, [series, now]);

  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (at: number) => PAD.left + ((at - model.start) / (model.end - model.start || 1)) * plotW;
  const y = (value: number) => PAD.top + (1 - (value - model.yMin) / (model.yMax - model.yMin)) * plotH;

  const timeStep = niceStep(model.end - model.start, Math.max(2, Math.floor(plotW / 72)), TIME_STEPS);
  const timeTicks: number[] = [];
  for (let t = Math.ceil(model.start / timeStep) * timeStep; t <= model.end; t += timeStep) timeTicks.push(t);
  const tickLabel = (t: number) => (timeStep >= 1440 * MINUTE ? dayLabel(t, timeZone) : clockLabel(t, timeZone));
  const valueTicks: number[] = [];
  for (let v = model.yMin; v <= model.yMax + 1e-9; v += model.valueStep) valueTicks.push(Math.round(v * 100) / 100);

  const pathOf = (points: readonly ChartPoint[]) => {
    if (points.length === 0) return '';
    let d = `M${x(points[0]!.at).toFixed(1)},${y(points[0]!.value).toFixed(1)}`;
    for (const point of points.slice(1)) d += `H${x(point.at).toFixed(1)}V${y(point.value).toFixed(1)}`;
    return `${d}H${x(model.end).toFixed(1)}`;
  };

  // The moments the cursor stops at: every change, and now.
  const stops = model.times[model.times.length - 1] === model.end ? model.times : [...model.times, model.end];
  const nearestStop = (at: number) =>
    stops.reduce((best, t) => (Math.abs(t - at) < Math.abs(best - at) ? t : best), stops[0] ?? model.end);

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0) return;
    const px = ((event.clientX - rect.left) / rect.width) * width;
    const at = model.start + ((px - PAD.left) / plotW) * (model.end - model.start);
    setCursor(nearestStop(at));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = cursor === null ? stops.length : stops.indexOf(cursor);
    let next: number | undefined;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = Math.max(0, index - 1);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = Math.min(stops.length - 1, index + 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = stops.length - 1;
    else if (event.key === 'Escape') {
      setCursor(null);
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    setCursor(stops[next] ?? null);
  };

  const readout = cursor === null ? [] : series.map((s, index) => ({ s, index, value: valueAt(s.points, cursor) }));
  const cursorText =
    cursor === null
      ? undefined
      : `${momentLabel(cursor, now, timeZone)}: ${readout.map((r) => `${r.s.label} ${formatOdds(r.value)}`).join(', ')}`;

  return (
    <figure className="price-chart mb-0">
      <div
        ref={boxRef}
        className="price-chart-box"
        role="slider"
        tabIndex={0}
        aria-label={`${MATCH_MSG.priceHistory}: ${title}`}
        aria-describedby={hintId}
        aria-valuemin={model.start}
        aria-valuemax={model.end}
        aria-valuenow={cursor ?? model.end}
        aria-valuetext={cursorText ?? momentLabel(model.end, now, timeZone)}
        onKeyDown={onKeyDown}
      >
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          aria-hidden="true"
          focusable="false"
          onPointerMove={onPointer}
          onPointerDown={onPointer}
        >
          <g className="price-chart-grid">
            {valueTicks.map((v) => (
              <g key={v}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} />
                <text x={PAD.left - 6} y={y(v)} dy="0.32em" textAnchor="end">
                  {formatOdds(v)}
                </text>
              </g>
            ))}
            {timeTicks.map((t) => (
              <text key={t} x={x(t)} y={HEIGHT - 8} textAnchor="middle">
                {tickLabel(t)}
              </text>
            ))}
          </g>
          {series.map((s, index) => (
            <path
              key={s.id}
              data-series={s.id}
              d={pathOf(s.points)}
              fill="none"
              stroke={colorOf(index)}
              strokeWidth={s.best ? 3.5 : 1.75}
              strokeDasharray={s.best ? undefined : DASHES[index % DASHES.length]}
              strokeOpacity={s.best ? 1 : 0.8}
              strokeLinejoin="round"
            />
          ))}
          {cursor !== null && (
            <g className="price-chart-cursor">
              <line x1={x(cursor)} x2={x(cursor)} y1={PAD.top} y2={PAD.top + plotH} />
              {readout.map(
                (r) =>
                  r.value !== undefined && (
                    <circle key={r.s.id} cx={x(cursor)} cy={y(r.value)} r={4} fill={colorOf(r.index)} />
                  ),
              )}
            </g>
          )}
        </svg>
      </div>
      <figcaption>
        <p id={hintId} className="small text-body-secondary mb-1">
          {MATCH_MSG.chartHint}
        </p>
        {cursor !== null && (
          <div className="price-chart-readout small mb-2" aria-live="polite">
            <time className="fw-semibold d-block" dateTime={new Date(cursor).toISOString()}>
              {momentLabel(cursor, now, timeZone)}
            </time>
            <ul className="list-unstyled mb-0 price-chart-values">
              {readout.map((r) => (
                <li key={r.s.id}>
                  <svg className="price-chart-swatch" viewBox="0 0 8 8" aria-hidden="true" focusable="false">
                    <circle cx="4" cy="4" r="4" fill={colorOf(r.index)} />
                  </svg>
                  {r.s.label} <span className="fw-semibold">{formatOdds(r.value)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <ul className="list-unstyled mb-0 small price-chart-legend">
          {series.map((s, index) => (
            <li key={s.id} className={s.best ? 'fw-semibold' : undefined}>
              <svg className="price-chart-key" viewBox="0 0 24 8" aria-hidden="true" focusable="false">
                <line
                  x1="0"
                  x2="24"
                  y1="4"
                  y2="4"
                  stroke={colorOf(index)}
                  strokeWidth={s.best ? 3.5 : 2}
                  strokeDasharray={s.best ? undefined : DASHES[index % DASHES.length]}
                />
              </svg>
              {s.label}
              {s.note && <span className="text-body-secondary"> {s.note}</span>}
              {s.best && <span className="badge text-bg-warning ms-1">{MATCH_MSG.bestBook}</span>}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
