import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { hourlySeries, type HourPoint } from '../lib/dashboard-data';
import { useIsDark } from '../lib/use-is-dark';

const TODAY_COLOUR = '#2563eb';
const AVERAGE_COLOUR = '#B26E00';

const hourLabel = (hour: string) => `${hour}:00`;

/** Today's appointments per hour against the average of the last 7 days (both computed by the server). */
export function HourlyChart({ hourly }: { hourly: HourPoint[] }) {
  const { t } = useTranslation('dashboard');
  const dark = useIsDark();
  const axis = dark ? '#94a3b8' : '#64748b';
  const grid = dark ? '#1e293b' : '#e2e8f0';
  const data = hourlySeries(hourly);

  return (
    <div className="h-64 w-full">
      <AreaChart
        data={data}
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        title={t('hourly.title')}
      >
        <defs>
          <linearGradient id="dashboard-hourly-today" x1="0" y1="0" x2="0" y2="1">
            <stop offset="5%" stopColor={TODAY_COLOUR} stopOpacity={0.35} />
            <stop offset="95%" stopColor={TODAY_COLOUR} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" stroke={grid} vertical={false} />
        <XAxis
          dataKey="hour"
          tickFormatter={hourLabel}
          interval="preserveStartEnd"
          minTickGap={12}
          tick={{ fill: axis, fontSize: 12 }}
          stroke={grid}
        />
        <YAxis allowDecimals={false} tick={{ fill: axis, fontSize: 12 }} stroke={grid} />
        <Tooltip
          labelFormatter={(hour) => {
            const h = Number(hour);
            return t('hourly.hourLabel', {
              from: hourLabel(String(h).padStart(2, '0')),
              to: hourLabel(String((h + 1) % 24).padStart(2, '0')),
            });
          }}
          formatter={(value) =>
            typeof value === 'number' ? value.toLocaleString('en-IN', { maximumFractionDigits: 1 }) : value
          }
          contentStyle={{
            background: dark ? '#0f172a' : '#ffffff',
            borderColor: dark ? '#334155' : '#e2e8f0',
            borderRadius: 8,
            color: dark ? '#e2e8f0' : '#0f172a',
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: axis }} />
        <Area
          type="monotone"
          dataKey="today"
          name={t('hourly.today')}
          stroke={TODAY_COLOUR}
          strokeWidth={2}
          fill="url(#dashboard-hourly-today)"
          isAnimationActive={false}
        />
        <Area
          type="monotone"
          dataKey="average7d"
          name={t('hourly.average')}
          stroke={AVERAGE_COLOUR}
          strokeWidth={2}
          strokeDasharray="5 4"
          fill="none"
          isAnimationActive={false}
        />
      </AreaChart>
    </div>
  );
}
