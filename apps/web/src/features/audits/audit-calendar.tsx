import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import esLocale from '@fullcalendar/react/locales/es';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import { MESSAGES, auditCalendarEvent, businessToday } from '@planpiso/domain';
import { useAuditsInRange } from './api/audits';

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, classicThemePlugin];

/**
 * /cambiar-vista-calendario (spec 3 §2): the administrator's audits as all-day events titled 'folio-auditor' with
 * their description, in FullCalendar (Spanish, month and week views; buttons and events reachable by keyboard).
 * Only the visible weeks are asked for. An event opens its audit's form (a closed one, its units); the links go back
 * to /auditorias.
 */
export function AuditCalendarPage() {
  const navigate = useNavigate();
  const theme = useTheme();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const audits = useAuditsInRange(range);
  const events = useMemo(
    () =>
      (audits.data ?? []).map((audit) => {
        const { description, ...event } = auditCalendarEvent(audit);
        return { ...event, extendedProps: { description, canEdit: audit.can.edit } };
      }),
    [audits.data],
  );

  return (
    <Paper sx={{ p: 2, border: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button component={RouterLink} to="/auditorias">
          Volver a auditorías
        </Button>
      </Box>
      {audits.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {MESSAGES.loadError}
        </Alert>
      )}
      <Box aria-label="Calendario de auditorías" role="region">
        <FullCalendar
          plugins={PLUGINS}
          locale={esLocale}
          initialView="dayGridMonth"
          // Today is the business's (Mexico City), not the browser's (decision 058).
          now={() => businessToday(new Date())}
          headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek' }}
          height="auto"
          // Readable (axe, WCAG AA): white on the theme's dark primary rather than the theme's light blue, no faded
          // days of the neighbouring months, and the Hoy button named by its own text.
          eventColor={theme.palette.primary.main}
          showNonCurrentDates={false}
          todayHint="Hoy"
          events={events}
          eventInteractive
          datesSet={(info) => {
            const next = { from: info.startStr.slice(0, 10), to: info.endStr.slice(0, 10) };
            setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
          }}
          eventContent={(info) => (
            <Box
              title={`${info.event.title}: ${String(info.event.extendedProps.description ?? '')}`}
              sx={{ px: 0.5, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', fontSize: 12 }}
            >
              <strong>{info.event.title}</strong>
              <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {String(info.event.extendedProps.description ?? '')}
              </Box>
            </Box>
          )}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            // A closed audit is final (decision 081): it opens on its units and report, not its form.
            const id = info.event.id;
            void navigate(info.event.extendedProps.canEdit ? `/editar-auditoria/${id}` : `/auditorias/${id}/unidades`);
          }}
        />
      </Box>
      <Box sx={{ mt: 1 }}>
        <Button component={RouterLink} to="/auditorias" variant="outlined">
          Ver lista de auditorías
        </Button>
      </Box>
    </Paper>
  );
}
