import type { Activity } from '@ccsc/contract/dashboard';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hrefOf } from '../../../config/list-links';
import { CHART_HEIGHT, DIRECTIONS, SERIES_COLOURS, shortDay } from '../utils/activity-chart-data';

const MARGIN = { top: 8, right: 8, bottom: 24, left: 36 };
/** The width drawn before the container is measured (and in a browser without layout). */
const FALLBACK_WIDTH = 600;

/** The width of the element, followed as it changes; the height is fixed by the caller. */
const useWidth = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return { ref, width };
};

interface ActivityChartProps {
  days: Activity['days'];
  /** The chart's text alternative: what it shows and its totals. */
  label: string;
}

/**
 * The documents sent per day over the last 30 days, stacked by direction (@visx, SVG; loaded
 * lazily inside the dashboard's chunk). A picture (`role="img"` with its text alternative): the
 * table beside it in the block holds the same numbers, each a link, for keyboards and screen
 * readers; a click on a bar opens that day's list too.
 */
export const ActivityChart = ({ days, label }: ActivityChartProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const { ref, width } = useWidth();

  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const totals = days.map((d) => DIRECTIONS.reduce((sum, dir) => sum + d.sent[dir].value, 0));
  const x = scaleBand<string>({
    domain: days.map((d) => d.day),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...totals)],
    range: [innerHeight, 0],
    nice: true,
  });
  const yTicks = y.ticks(4).filter((tick) => Number.isInteger(tick));
  const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(innerWidth / 60))));
  const xTicks = days.map((d) => d.day).filter((_, i) => (days.length - 1 - i) % every === 0);

  return (
    <div ref={ref} style={{ height: CHART_HEIGHT }} data-testid="activity-chart">
      <svg width={width} height={CHART_HEIGHT} role="img" aria-label={label}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {days.map((d) => {
            let base = innerHeight;
            return DIRECTIONS.map((dir) => {
              const figure = d.sent[dir];
              const height = innerHeight - y(figure.value);
              base -= height;
              if (figure.value === 0) return null;
              return (
                <Bar
                  key={`${d.day}-${dir}`}
                  x={x(d.day)}
                  y={base}
                  width={x.bandwidth()}
                  height={height}
                  fill={SERIES_COLOURS[dir]}
                  stroke="#fff"
                  strokeWidth={0.5}
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navigate(hrefOf(figure.link))}
                >
                  <title>
                    {`${shortDay(d.day, language)}: ${String(figure.value)} ${t(`dashboard.activity.direction.${dir}`)}`}
                  </title>
                </Bar>
              );
            });
          })}
          <AxisLeft
            scale={y}
            tickValues={yTicks}
            tickFormat={(v) => new Intl.NumberFormat(language).format(Number(v))}
            stroke="#6c757d"
            tickStroke="#6c757d"
            tickLabelProps={{ fill: '#495057', fontSize: 11, textAnchor: 'end', dx: -2, dy: 3 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={xTicks}
            tickFormat={(day) => shortDay(day, language)}
            stroke="#6c757d"
            tickStroke="#6c757d"
            tickLabelProps={{ fill: '#495057', fontSize: 11, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    </div>
  );
};
