"""Rule sets side by side: a situation under another rule set (`switch`), the compare page
(`compare`, its view-model `compare_view`) and step-number translation (`translate`)."""
