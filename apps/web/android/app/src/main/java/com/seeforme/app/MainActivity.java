package com.seeforme.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
