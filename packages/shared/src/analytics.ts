/** GET /api/analytics/creator: the creator dashboard's numbers, all computed from stored rows. */
export interface CreatorAnalytics {
  overview: {
    total_views: number;
    total_content: number;
    total_videos: number;
    total_clips: number;
    total_streams: number;
    total_likes: number;
    total_comments: number;
    engagement_rate: number;
    total_tokens_earned: number;
  };
  performance: {
    top_videos: Array<{ id: string; title: string; views: number }>;
    top_clips: Array<{ id: string; title: string; views: number }>;
    recent_views_30d: number;
  };
  revenue: { total_earned: number; avg_per_video: number; estimated_monthly: number };
}
