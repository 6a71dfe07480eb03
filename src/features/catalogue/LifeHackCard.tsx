import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { copy } from '../../config/copy';

export function LifeHackCard() {
  return (
    <Card component="section" aria-labelledby="life-hack-title" variant="outlined" sx={{ bgcolor: 'secondary.dark', color: 'common.white' }}>
      <CardContent>
        <Typography id="life-hack-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          {copy.home.lifeHackTitle}
        </Typography>
        <Typography component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {copy.home.lifeHackTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </Typography>
      </CardContent>
    </Card>
  );
}
