"""The web surface: `printkit serve`, every referee question as a page for the phones at the table."""
