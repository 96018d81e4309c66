import { LineChart } from '@mui/x-charts/LineChart';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatAmountText, type StatisticsResponse, CONFIGURATION_MESSAGES } from '@planpiso/domain';

/**
 * 'Gráfica de disposiciones promedio en un lapso de 12 meses' (spec 2 §2): the average amount on the left axis and
 * the number of provisions on the right one, month by month.
 */
export function StatisticsChart({ graph }: { graph: StatisticsResponse }) {
  const [average, count] = graph.series;
  return (
    <Box component="figure" aria-label={CONFIGURATION_MESSAGES.statisticsChartTitle} sx={{ m: 0 }}>
      <Typography component="figcaption" variant="h6" sx={{ fontSize: 17, mb: 1 }}>
        {CONFIGURATION_MESSAGES.statisticsChartTitle}
      </Typography>
      <LineChart
        height={320}
        xAxis={[{ scaleType: 'point', data: graph.categories }]}
        yAxis={[
          { id: 'amount', valueFormatter: (value: number) => formatAmountText(value), width: 90 },
          // Counts are whole provisions.
          { id: 'count', position: 'right', width: 40, tickMinStep: 1 },
        ]}
        series={[
          {
            data: average?.data ?? [],
            label: average?.name,
            yAxisId: 'amount',
            color: '#0e3a66',
            valueFormatter: (value) => (value === null ? '' : formatAmountText(value)),
          },
          { data: count?.data ?? [], label: count?.name, yAxisId: 'count', color: '#e58b3a' },
        ]}
      />
    </Box>
  );
}
