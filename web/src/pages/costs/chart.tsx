/**
 * The spend breakdown drawn by hand as SVG: one horizontal bar per group, its name and amount written
 * above it, so the words carry the figures and colour is only a help (a refund that makes a group net
 * negative is hatched as well as coloured). The chart is one image to a screen reader, with a summary
 * as its name; the table beside it is the accessible record of every figure.
 *
 * It is drawn in CSS pixels at the width it is given (measured, inside the box's padding), never scaled with a viewBox, so its
 * text stays readable on a phone. Colours come from classes (the CSP allows no inline styles); the
 * hatch is `#cost-hatch` (costs.css), so one chart per page.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatMoney } from '../../format.js';

export interface Bar {
  readonly key: string;
  readonly label: string;
  readonly amountMinor: number;
}

const ROW = 46;
const BAR = 16;
const COLOURS = 6;

export function CostChart(props: { bars: readonly Bar[]; summary: string; oneSeries: boolean }) {
  const wrap = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const max = Math.max(0, ...props.bars.map((b) => Math.abs(b.amountMinor)));
  const height = props.bars.length * ROW;
  return (
    <div class="cost-chart">
      <div ref={wrap}>
        {width > 0 && (
          <svg role="img" aria-label={props.summary} width={width} height={height} class="cost-chart-svg">
            <defs>
              <pattern id="cost-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" class="cost-hatch-bg" />
                <rect width="2" height="6" class="cost-hatch-line" />
              </pattern>
            </defs>
            {props.bars.map((b, i) => {
              const y = i * ROW;
              const w = max === 0 ? 0 : Math.max(b.amountMinor === 0 ? 0 : 2, (Math.abs(b.amountMinor) / max) * width);
              const colour = props.oneSeries ? 0 : i % COLOURS;
              return (
                <g key={b.key}>
                  <text x="0" y={y + 16} class="cost-chart-label">
                    {b.label}
                  </text>
                  <text x={width} y={y + 16} class="cost-chart-amount" text-anchor="end">
                    {formatMoney(b.amountMinor)}
                  </text>
                  <rect x="0" y={y + 22} width={width} height={BAR} class="cost-chart-track" />
                  {b.amountMinor < 0 ? (
                    <rect x="0" y={y + 22} width={w} height={BAR} class="cost-bar-negative" />
                  ) : (
                    <rect x="0" y={y + 22} width={w} height={BAR} class={`cost-bar cost-bar-${colour}`} />
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </div>
    </div>
  );
}
