import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { blogCopy } from './copy';

export function Component() {
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography component="h1" variant="h2" sx={{ mb: 3 }}>
        {blogCopy.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {blogCopy.posts.map((post, index) => (
          <Card key={post.question} component="article" aria-labelledby={`blog-post-${index}`} variant="outlined">
            <CardContent>
              <Typography id={`blog-post-${index}`} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
                {post.question}
              </Typography>
              <Typography color="text.secondary">{post.answer}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Container>
  );
}
