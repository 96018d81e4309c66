import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PORTFOLIO_MESSAGES as M, type PortfolioView } from '@planpiso/domain';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { downloadPortfolio, usePortfolio } from './api/get-portfolio';
import { FigureCard } from './figure-card';
import { registerLink } from './portfolio-links';
import { Aging, Exposure } from './portfolio-sections';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Figures({ view }: { view: PortfolioView }) {
  return (
    <Box sx={grid}>
      <FigureCard title={M.exposure} figure={view.exposure} to={registerLink({ figure: 'exposure' })} testId="exposure">
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {M.lineUtilisation}: {view.lines.percent === null ? M.noLine : `${view.lines.percent} %`}
        </Typography>
      </FigureCard>
      <FigureCard
        title={M.soldUnpaid}
        figure={view.soldUnpaid}
        to={registerLink({ figure: 'soldUnpaid' })}
        testId="sold-unpaid"
      />
      <FigureCard
        title={M.soldOutOfTrust}
        figure={view.soldOutOfTrust}
        to={registerLink({ figure: 'soldOutOfTrust' })}
        testId="sold-out-of-trust"
      />
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="audits">
        <Typography variant="body2" color="text.secondary" component="h3">
          {M.auditsOpen}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
          <Link component={RouterLink} to="/auditorias">
            {view.audits.open}
          </Link>
        </Typography>
        <Typography variant="body2">
          {M.auditFindings}:{' '}
          <Link component={RouterLink} to={registerLink({ figure: 'auditFindings' })}>
            {view.audits.findings}
          </Link>
        </Typography>
      </Paper>
      <FigureCard
        title={`${M.curtailments} · ${M.in7Days}`}
        figure={view.curtailments.in7Days}
        to={registerLink({ figure: 'due', due: 'curtailment', within: 7 })}
        testId="curtailments-7"
      />
      <FigureCard
        title={`${M.curtailments} · ${M.in30Days}`}
        figure={view.curtailments.in30Days}
        to={registerLink({ figure: 'due', due: 'curtailment', within: 30 })}
        testId="curtailments-30"
      />
      <FigureCard
        title={`${M.maturities} · ${M.in7Days}`}
        figure={view.maturities.in7Days}
        to={registerLink({ figure: 'due', due: 'maturity', within: 7 })}
        testId="maturities-7"
      />
      <FigureCard
        title={`${M.maturities} · ${M.in30Days}`}
        figure={view.maturities.in30Days}
        to={registerLink({ figure: 'due', due: 'maturity', within: 30 })}
        testId="maturities-30"
      />
    </Box>
  );
}

export function PortfolioPage() {
  const portfolio = usePortfolio();
  if (portfolio.isPending) return <CircularProgress aria-label={M.title} />;
  if (portfolio.isError) return <Alert severity="error">{portfolio.error.message}</Alert>;
  const view = portfolio.data;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {M.asOf(view.today)}
        </Typography>
        <XlsxExportButton label={M.exportXlsx} fallbackName={`${M.title}.xlsx`} download={downloadPortfolio} />
      </Box>
      <Figures view={view} />
      <Section title={M.aging}>
        <Aging view={view} />
      </Section>
      <Section title={M.byCompany}>
        <Exposure view={view} />
      </Section>
    </>
  );
}
